#!/bin/bash
# Delete, in the checkout given (default: here), the tracked files a session-37 run does not read, so the tree
# travels to a lent GPU under its 64 MiB; put them back afterwards with `git checkout -- .`.
# usage: bash experiments/gpu_runs/trip.sh [DIR] [seeds|crisis|both]
# Kept always: every .py file, .gitignore, mer_agents/ and scripts/ whole, the plain messages of
# text_emotion_encoder/data/. seeds (seeds.sh): the graded replies the judge trains on, less the packets the
# judges read. crisis (crisis16.sh): the crisis detector's training and held-back sets, not the report-only
# fresh_report12-15. both (next.sh): the two together.
cd "${1:-.}" || exit 1
SEEDS='^experiments/reply_judge_scorer/(train_grades|bank_grades|bank_grades2)/(candidates\.jsonl|key\.json|grades_[0-9]+\.json)$'
CRISIS='^experiments/crisis_detector/(data|more_data|writer[0-9]+|fresh_report([0-9]|1[01])?|languages|multilingual)/'
case "${2:-seeds}" in
  seeds) KEEP=$SEEDS ;;
  crisis) KEEP=$CRISIS ;;
  both) KEEP="$SEEDS|$CRISIS" ;;
  *) echo "usage: trip.sh [DIR] [seeds|crisis|both]" >&2; exit 2 ;;
esac
git ls-files | grep -v -E '\.py$|^\.gitignore$|^mer_agents/|^scripts/|^experiments/gpu_runs/' \
  | grep -v -E '^experiments/text_emotion_encoder/data/' | grep -v -E "$KEEP" \
  | tr '\n' '\0' | xargs -0 rm -f
git ls-files | xargs du -cb 2>/dev/null | tail -n 1
