-- ROWS rows (default 100,000) in sections of SECTION rows (default 50), for
-- Scripts/bench's edit series. Uses only what ../shared/bench/floor.lua also
-- runs (text and bool rows, presence/length validators), so both do the same work.
local rows = tonumber(os.getenv("ROWS") or "100000")
local per = tonumber(os.getenv("SECTION") or "50")
form.title = "Sections of " .. per
local section
for i = 1, rows do
  if (i - 1) % per == 0 then section = form:section{ header = "Section " .. ((i - 1) // per + 1) } end
  if i % 3 == 0 then
    section:bool{ name = "b" .. i, title = "Switch " .. i, value = i % 2 == 0 }
  else
    section:text{ name = "f" .. i, title = "Field " .. i, value = "value " .. i,
                  validators = { "presence", "length(3, 40)" } }
  end
end
