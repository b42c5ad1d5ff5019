#!/bin/sh
# order.sh: ask for an order, then use its values as shell variables.
# Any arguments go to formrun (the guide passes --answers and --submit).
values=$(formrun order.lua --format sh "$@") || exit   # cancelled (1), input ended (3)...
eval "$values"
echo "$name: a $size pizza with $toppings_count toppings, first $toppings_1"
if [ "$delivery" = true ]; then echo "to be delivered"; fi
