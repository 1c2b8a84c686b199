#!/bin/bash
# Forty-sixth session, call 7: docs/PERFORMANCE.md's headline rows with their peers in one call
# (bash scripts/gpu-run.sh headline) at this session's build (commit 39b242b's code).
set -u
bash scripts/gpu-run.sh headline > $OUT/run.log 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $OUT/run.log
