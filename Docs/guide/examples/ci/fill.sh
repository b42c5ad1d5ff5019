#!/bin/sh
# fill.sh ANSWERS.json: fill release.lua from a file, as a CI step; say why when it cannot.
status=0
formrun release.lua --answers "$1" --submit --quiet > release.json || status=$?
case $status in
  0) echo "release.json: $(cat release.json)" ;;
  2) echo "the form or $1 is wrong (formrun said where)" ;;
  3) echo "$1 does not pass the form's checks (listed above)" ;;
  *) echo "formrun ended with $status" ;;
esac
exit $status
