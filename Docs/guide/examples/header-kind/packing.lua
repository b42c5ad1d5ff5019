-- packing.lua: a header kind, "progress", drawn from the section's header_data.
form:header_kind("progress", {
  draw = function(section, width)
    local d = section.header_data
    local filled = (width - 2) * d.done // d.total
    return {
      d.done .. " of " .. d.total .. " packed",
      "[" .. ("#"):rep(filled) .. ("."):rep(width - 2 - filled) .. "]",
    }
  end,
  speak = function(section)
    local d = section.header_data
    return d.done .. " of " .. d.total .. " packed."
  end,
})

form.title = "Packing"
local things = { "Tent", "Stove", "Map", "Torch" }
local bag = form:section{ header = "Bag", header_kind = "progress",
                          header_data = { done = 0, total = #things } }
for _, thing in ipairs(things) do
  bag:bool{ name = thing:lower(), title = thing }
end

-- after every change, count what is packed: new data draws the header again
form.on_change = function()
  local done = 0
  for _, item in ipairs(bag.items) do
    if item.value then done = done + 1 end
  end
  bag.header_data = { done = done, total = #things }
end
