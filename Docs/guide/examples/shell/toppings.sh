#!/bin/sh
# toppings.sh: one value; a list comes one element a line, for `read`.
toppings=$(formrun order.lua --field toppings "$@") || exit
printf '%s\n' "$toppings" | while IFS= read -r topping; do
  echo "topping: $topping"
done
