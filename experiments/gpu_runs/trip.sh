#!/bin/bash
# Delete, in the checkout given (default: here), the tracked files the session-37 runs do not read, so the
# tree travels to a lent GPU under its 64 MiB; put them back afterwards with `git checkout -- .`.
# Kept: every .py file, mer_agents/ and scripts/ whole, the graded replies the judge trains on (less the
# packets the judges read), the plain messages the emotion encoder trains on.
cd "${1:-.}" || exit 1
git ls-files | grep -v -E '\.py$|^\.gitignore$|^mer_agents/|^scripts/|^experiments/gpu_runs/' \
  | grep -v -E '^experiments/reply_judge_scorer/(train_grades|bank_grades|bank_grades2)/(candidates\.jsonl|key\.json|grades_[0-9]+\.json)$' \
  | grep -v -E '^experiments/text_emotion_encoder/data/' \
  | tr '\n' '\0' | xargs -0 rm -f
git ls-files | xargs du -cb 2>/dev/null | tail -n 1
