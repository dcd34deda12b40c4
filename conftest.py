"""Collection across the repository: the studio's application module needs the `studio` extra
(Starlette); without it its doctests are not collected (its tests skip, saying why)."""

try:
    import starlette  # noqa: F401
except ImportError:
    collect_ignore = ["studio/app.py", "studio/guard.py"]
