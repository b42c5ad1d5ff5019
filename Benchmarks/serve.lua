-- Ten rows for the browser's load (Scripts/bench --only serve): texts with
-- checks, a number, a switch, a choice, a date, a long text, a multiple
-- choice, and a row whose handler runs on each change.
form.title = "Ten rows"
local s = form:section{ header = "About you" }
s:text{ name = "name", title = "Name", validators = { "presence" } }
s:text{ name = "email", title = "Email", validators = { "presence", "email" } }
s:number{ name = "age", title = "Age", min = 18, max = 120 }
s:bool{ name = "news", title = "Newsletter" }
s:radio{ name = "plan", title = "Plan", options = { "Free", "Pro", "Team" } }
local t = form:section{ header = "More" }
t:text{ name = "city", title = "City" }
t:date{ name = "start", title = "Start" }
t:longtext{ name = "notes", title = "Notes", max_length = 500 }
t:multiple{ name = "tags", title = "Tags", options = { "red", "green", "blue" } }
t:text{ name = "code", title = "Code", validators = { "length(2, 8)" },
        on_change = function(item) form:find("notes").placeholder = "code " .. tostring(item.value) end }
