-- feedback.lua: a short form to serve to many people at once.
form.title = "Feedback"
local s = form:section{ header = "The talk" }
s:radio{ name = "rating", title = "Rating", options = { "Great", "Good", "Poor" },
         validators = { "presence" } }
s:longtext{ name = "comment", title = "Comment", max_length = 500 }
s:text{ name = "email", title = "Email, if we may answer", validators = { "email" } }
