-- The same work as ten.lua + "--set f1..f10 --submit" done in plain Lua:
-- build ten rows, validate, render them to stderr, print the JSON values.
-- The floor formrun's start-up is measured against.
local rows = {}
for i = 1, 10 do rows[i] = { name = "f" .. i, title = "Field " .. i, value = "v" .. i } end
local out = { "Ten rows", "" }
for i, r in ipairs(rows) do
  assert(r.value ~= "", r.title .. " can't be blank.")
  out[#out + 1] = string.format("│ %2d  %-10s %-50s │", i, r.title, r.value)
end
io.stderr:write(table.concat(out, "\n"), "\n")
local json = {}
for _, r in ipairs(rows) do json[#json + 1] = string.format("%q:%q", r.name, r.value) end
io.stdout:write("{", table.concat(json, ","), "}\n")
