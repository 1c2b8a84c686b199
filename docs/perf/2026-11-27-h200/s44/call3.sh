#!/bin/bash
# Forty-fourth session, call 3: the headline table of docs/PERFORMANCE.md at the session's build,
# next to the peers, in one call (scripts/gpu-run.sh headline).
bash scripts/gpu-run.sh headline
