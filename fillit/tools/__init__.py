"""What helps people who write their own fillit? `fillit generate` (valid and invalid inputs with
their answers: `generate`, `invalid`) and `fillit check` (a judge that runs a program on cases and
reports: `judge`, `judge_cases`, `judge_report`); `cli` holds both commands."""
