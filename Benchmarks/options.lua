-- A radio with OPTIONS options (default 40,000), for Scripts/bench's option
-- series: load, choose (by number and by text), filter (a text that only some
-- options contain) and draw (the editor's numbered list).
local n = tonumber(os.getenv("OPTIONS") or "40000")
local options = {}
for i = 1, n do options[i] = "Option " .. i end
form.title = n .. " options"
local s = form:section{ header = "Choose" }
s:radio{ name = "pick", title = "Pick", options = options }
