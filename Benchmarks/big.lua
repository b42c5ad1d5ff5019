-- A form of ROWS rows (default 100,000) built from Lua, for Scripts/bench.
local rows = tonumber(os.getenv("ROWS") or "100000")
form.title = "Big form"
local per = 1000
for s = 1, math.ceil(rows / per) do
  local section = form:section{ header = "Section " .. s }
  for i = (s - 1) * per + 1, math.min(s * per, rows) do
    if i % 3 == 0 then
      section:bool{ name = "b" .. i, title = "Switch " .. i, value = i % 2 == 0 }
    else
      section:text{ name = "f" .. i, title = "Field " .. i, value = "value " .. i,
                    validators = { "presence", "length(3, 40)" } }
    end
  end
end
