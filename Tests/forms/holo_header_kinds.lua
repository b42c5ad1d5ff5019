-- HoloTableView's header/footer class maps, RE's header views, AMB's header
-- blocks: sections whose header and footer are drawn from a model
-- (Tests/forms/holo_header_kinds_test.lua).
form.title = "Packing"

-- a header drawn from its data: a count and a bar as wide as the section
form:header_kind("progress", {
  draw = function(section, width)
    local d = section.header_data
    local bar = width - 2
    local full = math.floor(bar * d.done / d.total)
    return {
      ("%d of %d packed"):format(d.done, d.total),
      "[" .. ("#"):rep(full) .. ("."):rep(bar - full) .. "]",
    }
  end,
  speak = function(section)
    local d = section.header_data
    return ("%d of %d items packed"):format(d.done, d.total)
  end,
})

-- a footer kind: one string, its newlines part its lines
form:footer_kind("totals", {
  draw = function(section, width)
    return ("Weight: %s kg\nwidth %d"):format(section.footer_data, width)
  end,
})

-- kinds that misbehave: an error, a value that is no lines
form:header_kind("broken", { draw = function(section, width) error("no model") end })
form:header_kind("numeric", { draw = function(section, width) return 42 end })

local function count(section)
  local n = 0
  for _, item in ipairs(section.items) do
    if item.value then n = n + 1 end
  end
  return n
end

local bag = form:section{
  header = "Bag", tag = "bag",
  header_kind = "progress", header_data = { done = 0, total = 3 },
  footer_kind = "totals", footer_data = 0,
}
for _, name in ipairs({ "tent", "stove", "rope" }) do
  bag:bool{
    name = name, title = name:sub(1, 1):upper() .. name:sub(2),
    on_change = function(item)
      bag.header_data = { done = count(bag), total = 3 }
      bag.footer_data = count(bag) * 1.5
    end,
  }
end

form:section{ tag = "broken", header_kind = "broken" }:text{ name = "note", title = "Note" }
form:section{ header = "Plain", footer = "A plain footer" }:text{ name = "who", title = "Who" }
