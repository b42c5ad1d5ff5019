#!/bin/sh
# ci.sh: the steps of a CI job: the form's tests, then the form filled from a file.
set -e
formrun test --ci -o TAP
sh fill.sh release.answers.json
