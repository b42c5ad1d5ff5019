-- RETableViewManager's custom items: a kind with its own properties read by
-- its cell, an editor hint, how it reads aloud, redrawn from its model
-- (Tests/forms/re_custom_items_test.lua).
form:kind("badge", {
  options = { max = "number", unit = "string", tags = "string[]" },
  hint = "a count, like 3",
  parse = function(text, item)
    local n = tonumber(text)
    if not n then return nil, "type a count" end
    if item.max and n > item.max then return nil, "at most " .. item.max end
    return n
  end,
  format = function(value, item)
    local label = item.data and item.data.label or "x"
    return "[" .. tostring(value or 0) .. "] " .. label .. (item.unit and (" " .. item.unit) or "")
  end,
  speak = function(value, item) return tostring(value or 0) .. " " .. (item.unit or "items") end,
})
local s = form:section("Badges")
s:badge{ name = "bd", title = "Badge", value = 1, max = 10, data = { label = "inbox" } }
s:badge{ name = "plain", title = "Plain" }
