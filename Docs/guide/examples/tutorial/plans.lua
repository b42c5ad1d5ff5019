-- plans.lua: a row shown for one choice only.
form.title = "Sign up"

local you = form:section{ header = "You" }
you:text{ name = "email", title = "Email", validators = { "presence", "email" } }
you:radio{ name = "plan", title = "Plan", options = { "Free", "Pro", "Team" }, value = "Free" }
you:number{ name = "seats", title = "Seats", min = 2, max = 50, value = 2, hidden = true }

-- a handler: runs after the person changes the plan
form:find("plan").on_change = function(item)
  form:find("seats").hidden = item.value ~= "Team"
end
