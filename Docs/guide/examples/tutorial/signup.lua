-- signup.lua: rows that check what they are given.
form.title = "Sign up"

local you = form:section{ header = "You" }
you:text{ name = "name", title = "Name", validators = { "presence" } }
you:text{ name = "email", title = "Email", placeholder = "you@example.com",
          validators = { "presence", "email" } }
you:number{ name = "age", title = "Age", validators = { "range(18, 130)" } }
