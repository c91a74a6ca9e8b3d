#!/bin/bash
# As trip.sh, for crisis16.sh: keep the crisis detector's training and held-back sets (not the report-only
# fresh_report12-14) and the plain statements it reads as negatives; put everything back with
# `git checkout -- .`.
cd "${1:-.}" || exit 1
git ls-files | grep -v -E '\.py$|^\.gitignore$|^mer_agents/|^scripts/|^experiments/gpu_runs/' \
  | grep -v -E '^experiments/text_emotion_encoder/data/' \
  | grep -v -E '^experiments/crisis_detector/(data|more_data|writer[0-9]+|fresh_report([0-9]|1[01])?|languages|multilingual)/' \
  | tr '\n' '\0' | xargs -0 rm -f
git ls-files | xargs du -cb 2>/dev/null | tail -n 1
