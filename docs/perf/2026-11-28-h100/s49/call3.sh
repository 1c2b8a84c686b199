#!/bin/bash
# Forty-ninth session, call 3: issue #5's goals at the session's build, only where the machine
# lent is an H200 (the goal's GPU; none lent since the forty-fourth session). On an H100 it only
# says so.
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name"
if echo "$name" | grep -q H200; then bash scripts/gpu-run.sh goals; else echo "not an H200: nothing run"; fi
