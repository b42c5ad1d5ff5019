-- A script's own kind with a hint (Tests/forms/screen_test.lua).
form:kind("rating", {
  parse = function(text)
    local n = tonumber(text)
    if n and n >= 1 and n <= 5 then return math.floor(n) end
    return nil, "enter 1 to 5"
  end,
  format = function(value) return string.rep("*", value or 0) end,
  hint = "1 to 5 stars",
})
form:section{}:rating{ name = "stars", title = "Rating", value = 3 }
