-- Ten rows, for the start-up benchmark (Scripts/bench).
form.title = "Ten rows"
local s = form:section{ header = "Ten" }
for i = 1, 10 do
  s:text{ name = "f" .. i, title = "Field " .. i, validators = { "presence" } }
end
