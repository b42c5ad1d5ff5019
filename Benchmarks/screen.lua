-- ROWS text rows (default 1,000) in sections of 50, for Scripts/bench's
-- screen series: a focus move from one text row to the next changes the two
-- rows and nothing else (the help line says the same keys).
local rows = tonumber(os.getenv("ROWS") or "1000")
form.title = "Screen of " .. rows
local section
for i = 1, rows do
  if (i - 1) % 50 == 0 then section = form:section{ header = "Section " .. ((i - 1) // 50 + 1) } end
  section:text{ name = "f" .. i, title = "Field " .. i, value = "value " .. i,
                validators = { "presence", "length(3, 40)" } }
end
