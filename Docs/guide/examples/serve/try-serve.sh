#!/bin/sh
# try-serve.sh: serve feedback.lua, send one answer as a browser without
# JavaScript sends it (with curl), then stop the server and show what it kept.
formrun serve feedback.lua --listen 127.0.0.1:0 --token try-serve-token \
  --collect answers.jsonl 2> serve.log &
server=$!
tries=0
until grep -qs 'serving' serve.log; do         # wait until it listens
  tries=$((tries + 1)); [ $tries -lt 100 ] || { cat serve.log; exit 1; }
  sleep 0.1
done
url=$(grep -o 'http://[^ ]*' serve.log)
page=$(curl -s -c cookies -b cookies "$url")     # the token goes into a cookie
csrf=$(printf '%s' "$page" | grep -o 'name="csrf" value="[0-9a-f]*"' | cut -d'"' -f4)
# the fields' names (r2: Rating, r3: Comment) are those of the page's HTML
curl -s -c cookies -b cookies "${url%%\?*}" -o sent.html \
  --data-urlencode "csrf=$csrf" --data "version=1" \
  --data "r2=1" --data-urlencode "r3=Clear, and short." --data "do=submit"
grep -o 'Sent[^<]*' sent.html
kill $server
wait $server
echo "formrun serve ended with $?"
cat serve.log answers.jsonl
