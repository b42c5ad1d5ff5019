-- String-heavy Lua, as a form (formrun FILE --submit), a spec's body
-- (formrun test) and a plain script (lua5.4): a dkjson round trip of 5,000
-- records (Debian's lua-dkjson), and 200 finds near the end of a 1 MB
-- string. Scripts/bench runs it each way and prints the times beside
-- lua5.4's. WORK=json or WORK=find runs one part only.
local work = os.getenv("WORK") or "both"
if work ~= "find" then
  local json = require "dkjson"
  local items = {}
  for i = 1, 5000 do items[i] = { id = i, name = "name " .. i, tags = { "a", "b" } } end
  assert(#json.decode(json.encode(items)) == 5000)
end
if work ~= "json" then
  local s = ("a"):rep(1000000 - 1000) .. ("b"):rep(999) .. "1"
  for _ = 1, 200 do assert(s:find("%d", 999000) == 1000000) end
end
if form then form:section("A"):text{ name = "done", title = "Done", value = "yes" } end
