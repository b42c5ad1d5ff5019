// The English catalogue: every key formrun says, with what it is for.
// Written by hand; Docs/reference.md lists it (FORMRUN_RECORD=1 swift test --filter DocsTests).

extension Catalogue {
  /// English, the catalogue every other one is checked against.
  public static let english = Catalogue(language: "en", entries: englishEntries, dateNames: .english)

  static let englishEntries: [Entry] = [
    Entry(key: "action.expects", text: "no value: the row is chosen", about: "What an action row takes."),
    Entry(
      key: "action.no_value", text: "{label} takes no value; send just its row number to choose it",
      about: "Text given to an action row."),
    Entry(key: "action.noun", text: "action", about: "An action row's noun."),
    Entry(key: "actions.how", text: "(do {number} ACTION runs one)", about: "Below `actions N`."),
    Entry(key: "actions.list", text: "{row}: {actions}", about: "`actions N`: the row and its action titles."),
    Entry(key: "adjusted", text: "{title}: {note}", about: "A value adjusted as it was set (a note from the kind)."),
    Entry(
      key: "ask.discard", text: "Discard them and cancel? [y/N] ", one: "Discard it and cancel? [y/N] ",
      about: "Asked before a cancel loses changes (count: how many)."),
    Entry(
      key: "ask.discard_lost", text: "{count} changed values would be lost.", one: "1 changed value would be lost.",
      about: "Above the discard question."),
    Entry(key: "ask.not_cancelled", text: "(not cancelled)", about: "The discard question answered no."),
    Entry(
      key: "ask.yes_or_no", text: "Answer {yes} or {no}.",
      about:
        "A handler's question (`formrun.confirm`) answered neither yes nor no, at the prompt (yes, no: the letters)."),
    Entry(
      key: "band.too_many_lines", text: "draw of {band} kind '{name}' gave {count} lines; the first {shown} are shown",
      about: "A header or footer kind drew more lines than are shown."),
    Entry(key: "bool.examples", text: "y, n", about: "Examples of what a switch takes."),
    Entry(key: "bool.expects", text: "y or n", about: "What a switch takes."),
    Entry(key: "bool.noun", text: "switch", about: "A switch's noun."),
    Entry(key: "bool.off", text: "off", about: "A switch that is off."),
    Entry(key: "bool.off_words", text: "off, no, n, false, 0", about: "Answers that turn a switch off."),
    Entry(key: "bool.on", text: "on", about: "A switch that is on (its value as shown)."),
    Entry(
      key: "bool.on_words", text: "on, yes, y, true, 1",
      about: "Answers that turn a switch on, comma-separated; English ones are always taken too."),
    Entry(
      key: "bool.refused", text: "{label} is on or off (got '{got}'; type on, off, yes, no or toggle)",
      about: "A switch given another word."),
    Entry(
      key: "bool.toggle", text: "toggle", about: "The answer that flips a switch; English `toggle` is always taken too."
    ),
    Entry(key: "cancel.done", text: "cancelled", about: "The form was cancelled."),
    Entry(
      key: "card.bad_cvv", text: "{label} security code is not valid.",
      about: "A card whose security code is not 3 (or 4) digits."),
    Entry(
      key: "card.bad_expiry", text: "{label} expiry is not a valid date.", about: "A card whose expiry is no month."),
    Entry(
      key: "card.bad_number", text: "{label} is not a valid card number.", about: "A card number that fails its checks."
    ),
    Entry(key: "card.cvv", text: "security code", about: "The card's third field."),
    Entry(key: "card.ending", text: "card ending in {last}", about: "A card, read aloud: its last four digits."),
    Entry(key: "card.expects", text: "NUMBER MM/YY CVV, e.g. {example}", about: "What a card row takes."),
    Entry(key: "card.expired", text: "{label} has expired.", about: "A card whose expiry is past."),
    Entry(key: "card.expires", text: ", expires {expiry}", about: "After card.ending: the expiry."),
    Entry(key: "card.expiry", text: "expiry", about: "The card's second field."),
    Entry(
      key: "card.expiry_form", text: "{label} expiry must be written MM/YY (got '{got}')",
      about: "A card's expiry without a slash."),
    Entry(key: "card.noun", text: "credit card", about: "A card row's noun."),
    Entry(key: "card.number", text: "card number", about: "The card's first field."),
    Entry(
      key: "card.parts", text: "{label} takes NUMBER MM/YY CVV separated by spaces (got {count} parts)",
      one: "{label} takes NUMBER MM/YY CVV separated by spaces (got 1 part)",
      about: "A card typed in fewer than 3 parts."),
    Entry(
      key: "choice.ambiguous", text: "'{typed}' could be more than one option of {what}: {options}",
      about: "Letters several options hold about as well as each other."),
    Entry(key: "choice.and_more", text: "and {count} more", about: "Options past those listed in a message."),
    Entry(
      key: "choice.expects", text: "a number from 1 to {count} or an option, e.g. 1 for {first}",
      about: "What a choice row takes."),
    Entry(key: "choice.hint", text: "options: {options}", about: "What to type for a choice: its options."),
    Entry(key: "choice.hint_many", text: "choose 1 to {count}", about: "What to type for a long choice."),
    Entry(key: "choice.hint_none", text: "it has no options", about: "What to type for a choice without options."),
    Entry(
      key: "choice.needs", text: "{what} needs a choice ({hint})",
      about: "An empty answer to a choice (what: the row, or the row and its part)."),
    Entry(
      key: "choice.no_number", text: "{what} has no option {number} (choose 1 to {count})",
      about: "A number past the options."),
    Entry(key: "choice.no_option", text: "{what} has no option '{typed}' ({hint})", about: "A text no option has."),
    Entry(key: "choice.no_options", text: "{what} has no options", about: "A choice row without options."),
    Entry(
      key: "choice.none_contains",
      text: "{what} has no option '{typed}', and none holds those letters in order (choose 1 to {count})",
      about: "Letters no option of a long list holds in order."),
    Entry(
      key: "choice.not_an_option", text: "{label} is not one of the options.",
      about: "A row's value that its options no longer hold."),
    Entry(key: "choice.nothing", text: "no options to choose from", about: "What a choice row without options takes."),
    Entry(key: "choice.nothing_chosen", text: "nothing chosen", about: "A choice without a value, read out."),
    Entry(key: "choice.noun", text: "choice", about: "A radio or segmented row's noun."),
    Entry(
      key: "choice.strict",
      text: "{what} has no option '{typed}'; --strict takes only a whole option or its number (closest: {options})",
      about: "Part of an option typed under --strict (options: the closest, numbered)."),
    Entry(
      key: "complete.show_all", text: "Display all {count} possibilities? (y or n)",
      about: "Tab at the line mode's prompt, before it lists more offers than a screenful."),
    Entry(
      key: "custom.parse_failed", text: "{label} could not be read (the kind's parse failed)",
      about: "A script's kind whose parse raised an error."),
    Entry(
      key: "custom.refused", text: "not a valid value",
      about: "A script's kind whose parse gave nil and no message."),
    Entry(
      key: "custom.spoken_value", text: "value {value}",
      about: "A script's kind shown only in symbols (`***`), read out: its value."),
    Entry(
      key: "date.expects", text: "a {noun}{limits}, e.g. {examples}{rounded}{order}",
      about: "What a date row takes (limits: the first limit phrase; order: date.order_…, dates only)."),
    Entry(key: "date.hours", text: "hours go from 0 to 23", about: "Why a time is not real."),
    Entry(key: "date.minutes", text: "minutes go from 0 to 59", about: "Why a time is not real."),
    Entry(key: "date.month_days", text: "{month} {year} has {days} days", about: "Why a date is not real."),
    Entry(key: "date.no_month", text: "there is no month {month}", about: "Why a date is not real."),
    Entry(
      key: "date.not_real", text: "{label} is not a real {noun} ({why})",
      about: "A date that is no day of the calendar (why: one of date.years…)."),
    Entry(key: "date.noun_date", text: "date", about: "A date row's noun."),
    Entry(key: "date.noun_datetime", text: "date and time", about: "A datetime row's noun."),
    Entry(key: "date.noun_time", text: "time", about: "A time row's noun."),
    Entry(key: "date.on_or_after", text: "{label} must be on or after {min}", about: "A date before min."),
    Entry(key: "date.on_or_before", text: "{label} must be on or before {max}", about: "A date after max."),
    Entry(
      key: "date.order_day_first", text: "; figures read day first ({slash})",
      about: "How a date row reads a day in figures, when slashes and dots both put the day first."),
    Entry(
      key: "date.order_month_first", text: "; {slash} reads month first, {dot} day first",
      about: "How a date row reads a day in figures, when slashes put the month first (dots never do)."),
    Entry(
      key: "date.rounded", text: ", rounded to {step} minutes", about: "A time row with minute_step, in what it takes."),
    Entry(key: "date.seconds", text: "seconds go from 0 to 59", about: "Why a time is not real."),
    Entry(
      key: "date.stepped", text: "{typed} → {kept} (minute step {step})", about: "A typed time rounded to minute_step."),
    Entry(
      key: "date.such_as", text: "{label} must be a {noun} such as {forms} (got '{got}')",
      about: "A date typed in no form the row reads."),
    Entry(key: "date.twelve_hours", text: "12-hour clock hours go from 1 to 12", about: "Why a time is not real."),
    Entry(
      key: "date.weekday", text: "{month} {day}, {year} is a {weekday}",
      about: "Why a date is not real (the weekday typed is another)."),
    Entry(key: "date.years", text: "years go from 1 to 9999", about: "Why a date is not real."),
    Entry(key: "did_you_mean", text: " (did you mean '{word}'?)", about: "The nearest word, after a misspelt one."),
    Entry(
      key: "draft.another_form", text: "a draft of another form ({form})",
      about: "Why a draft is not resumed (in draft.unreadable)."),
    Entry(
      key: "draft.ask_read_only", text: "Open it read-only (its values resumed, nothing saved)? [Y/n] ",
      about: "At a terminal, after draft.in_use: open the form with the draft's values, saving nothing."),
    Entry(
      key: "draft.ask_resume", text: "Resume the draft from {when} ({count} values)? [Y/n] ",
      one: "Resume the draft from {when} (1 value)? [Y/n] ",
      about: "At a terminal, a draft found at the start (count: the values it would change)."),
    Entry(
      key: "draft.bad_header", text: "not a formrun draft (no formrun_draft header with its form, or no values)",
      about: "Why a draft is not resumed (in draft.unreadable)."),
    Entry(
      key: "draft.cut_short", text: "line {line}: {reason} (cut short or not JSON)",
      about: "Why a draft is not resumed (in draft.unreadable; reason: the JSON reader's)."),
    Entry(key: "draft.empty", text: "the file is empty", about: "Why a draft is not resumed (in draft.unreadable)."),
    Entry(
      key: "draft.foreign", text: "{path} is not a formrun draft ({reason})",
      about: "The draft's file holds something else (after `formrun:`; exit 2)."),
    Entry(
      key: "draft.foreign_how",
      text: "it is left as it is; give --draft another file, or --no-draft to run without a draft",
      about: "After draft.foreign and draft.unopened."),
    Entry(
      key: "draft.found", text: "a draft of this form from {when} ({count} values) is in {path}",
      one: "a draft of this form from {when} (1 value) is in {path}",
      about: "A draft found where nobody can be asked (after `formrun:`; exit 2)."),
    Entry(
      key: "draft.found_how",
      text: "--resume continues it, --fresh removes it and starts afresh, --no-draft leaves it alone",
      about: "After draft.found."),
    Entry(
      key: "draft.in_use",
      text: "the draft {path} is in use by another formrun: two runs on one draft would lose each other's edits",
      about: "Another formrun holds the draft (after `formrun:`)."),
    Entry(
      key: "draft.in_use_by",
      text:
        "the draft {path} is in use by formrun (process {pid}): two runs on one draft would lose each other's edits",
      about: "Another formrun, whose process is known, holds the draft (after `formrun:`)."),
    Entry(
      key: "draft.in_use_how", text: "wait for it to end, or fill the form without the draft: --no-draft",
      about: "After draft.in_use where nobody can be asked (exit 2)."),
    Entry(
      key: "draft.is_the_form", text: "--draft {path} is the form itself; give another file for the draft",
      about: "`--draft` names the form (after `formrun:`; exit 2)."),
    Entry(
      key: "draft.no_folder", text: "the draft's folder cannot be made: {reason}",
      about: "The draft's folder cannot be made (after `formrun:`; exit 2)."),
    Entry(
      key: "draft.no_header", text: "it has no formrun_draft header",
      about: "Why a file is no draft (in draft.foreign)."),
    Entry(
      key: "draft.no_state_folder",
      text: "no state folder for drafts: set HOME or XDG_STATE_HOME, or give --draft FILE",
      about: "`--resume` or `--fresh` without a state folder (after `formrun:`; exit 2)."),
    Entry(
      key: "draft.none_to_resume", text: "no draft of this form to resume ({path}); starting afresh",
      about: "`--resume` finds no draft (after `formrun:`)."),
    Entry(key: "draft.not_a_file", text: "not a regular file", about: "Why a draft's file cannot be read."),
    Entry(
      key: "draft.not_json", text: "not JSON: line {line}: {reason}",
      about: "Why a file is no draft (in draft.foreign; reason: the JSON reader's)."),
    Entry(
      key: "draft.not_resumed", text: "not resumed: {reason}",
      about: "A draft's value that is not resumed (after `formrun:`; reason: draft.source, then why)."),
    Entry(
      key: "draft.not_saved", text: "the draft {path} could not be saved: {reason}; formrun goes on",
      about: "A save of the draft failed (after `formrun:`; said once)."),
    Entry(
      key: "draft.not_utf8", text: "not valid UTF-8 (byte 0x{byte} at offset {offset})",
      about: "Why a file is no draft (in draft.foreign)."),
    Entry(
      key: "draft.not_utf8_cut", text: "not valid UTF-8 (byte 0x{byte} at offset {offset}), cut short?",
      about: "Why a draft is not resumed (in draft.unreadable)."),
    Entry(
      key: "draft.resumed", text: "resumed the draft from {when}: {count} values",
      one: "resumed the draft from {when}: 1 value", about: "A draft resumed (after `formrun:`)."),
    Entry(
      key: "draft.secure_again", text: "secure values are never kept in a draft: type {names} again",
      about: "After a resumed draft, when the form has secure rows (after `formrun:`)."),
    Entry(
      key: "draft.secure_by_hand", text: "a secure value is never kept in a draft (this one was written by hand)",
      about: "Why a draft's value is not resumed (in draft.not_resumed)."),
    Entry(
      key: "draft.source", text: "draft {name}",
      about: "Where a resumed value came from, named in its refusal (name: the row's)."),
    Entry(key: "draft.too_large", text: "larger than {size} MiB", about: "Why a draft's file cannot be read."),
    Entry(
      key: "draft.unknown_time", text: "an unknown time", about: "A draft's time when its header has none (as {when})."),
    Entry(
      key: "draft.unopened", text: "{path} cannot be read: {reason}",
      about: "The draft's file is there but cannot be read (after `formrun:`; exit 2)."),
    Entry(
      key: "draft.unreadable", text: "the draft {path} cannot be read: {reason}",
      about: "A draft that cannot be resumed (after `formrun:`; exit 2)."),
    Entry(
      key: "draft.unreadable_how",
      text: "it is left as it is; --fresh removes it and starts afresh, --no-draft runs without a draft",
      about: "After draft.unreadable."),
    Entry(key: "edit.unchanged", text: "(unchanged)", about: "An editor closed with the value kept."),
    Entry(key: "editor.above", text: "{count} above", about: "Options out of view above."),
    Entry(key: "editor.any_of", text: "any of {count}", about: "A multiple choice editor's hint."),
    Entry(key: "editor.at_least", text: "at least {min} {unit}", about: "A lower bound, in the hint line."),
    Entry(key: "editor.at_most", text: "at most {max} {unit}", about: "An upper bound, in the hint line."),
    Entry(
      key: "editor.at_most_chosen", text: "at most {max} can be chosen; untick one first",
      about: "A tick past the count validator."),
    Entry(key: "editor.at_most_decimals", text: "at most {count} decimals", about: "Too many decimals typed."),
    Entry(key: "editor.below", text: "{count} below", about: "Options out of view below."),
    Entry(key: "editor.between", text: "{min} to {max} {unit}", about: "Two bounds, in the hint line."),
    Entry(key: "editor.characters", text: "characters", about: "The unit of a length, in the screen's hint line."),
    Entry(key: "editor.choices", text: "choices", about: "The unit of a count, in the screen's hint line."),
    Entry(key: "editor.chosen", text: "chosen", about: "The unit of a count, in a multiple choice's hint."),
    Entry(key: "editor.control", text: "a control character", about: "A control character named in editor.paste."),
    Entry(key: "editor.digits_only", text: "digits only", about: "A letter typed in a card field."),
    Entry(
      key: "editor.does_not_fit", text: "'{char}' does not fit here", about: "A key a masked or number editor refuses."),
    Entry(key: "editor.each_part", text: "one choice in each of the {count} parts", about: "A picker editor's hint."),
    Entry(key: "editor.escape", text: "an escape character", about: "A control character named in editor.paste."),
    Entry(key: "editor.exactly", text: "exactly {count} {unit}", about: "A bound of one size, in the hint line."),
    Entry(key: "editor.example", text: "e.g. {example}", about: "An empty card field's example."),
    Entry(key: "editor.field_full", text: "{field} is full; Tab goes to the next", about: "A card field full."),
    Entry(key: "editor.filter", text: "filter: ", about: "Before the filter text."),
    Entry(key: "editor.from_to", text: "from {min} to {max}", about: "A date's range, in the screen's hint line."),
    Entry(
      key: "editor.head", text: "{title} ({expects}):", about: "The first line of an editor: the row and what it takes."
    ),
    Entry(
      key: "editor.keep", text: "(an empty line keeps the value; {escape} leaves it unchanged)",
      about: "Below an editor."),
    Entry(
      key: "editor.keep_lines",
      text: "(a line with only . ends; an empty first line keeps the value; {escape} leaves it unchanged)",
      about: "Below a long text's editor."),
    Entry(key: "editor.left", text: "(left the editor; {row} is unchanged)", about: "An editor left with the escape."),
    Entry(key: "editor.line_break", text: "a line break", about: "A control character named in editor.paste."),
    Entry(key: "editor.mask_holds", text: "the mask holds {count} digits", about: "A masked editor full."),
    Entry(key: "editor.matches", text: "  {count} of {total}", about: "How many options the filter keeps."),
    Entry(key: "editor.max_characters", text: "at most {max} characters", about: "A text editor at max_length."),
    Entry(
      key: "editor.no_entries", text: "    nothing here matches",
      about: "A path's picker when no entry of the folder matches what is typed."),
    Entry(
      key: "editor.no_letters", text: "      no option holds these letters in order",
      about: "A filter matching nothing."),
    Entry(
      key: "editor.no_match", text: "no option holds '{filter}'", about: "Enter in a filtered list matching nothing."),
    Entry(key: "editor.no_options", text: "{title} has no options", about: "A choice row without options opened."),
    Entry(
      key: "editor.not_utf8", text: "that input is not valid UTF-8; it was ignored",
      about: "Bytes that are not UTF-8 typed or pasted into a screen-mode editor (as the line mode refuses them)."),
    Entry(
      key: "editor.nothing_to_choose", text: "no options to choose from",
      about: "A choice editor's hint without options."),
    Entry(
      key: "editor.on_or_after", text: "on or after {min}", about: "A date's lower bound, in the screen's hint line."),
    Entry(
      key: "editor.on_or_before", text: "on or before {max}", about: "A date's upper bound, in the screen's hint line."),
    Entry(key: "editor.one_of", text: "one of {count}", about: "A choice editor's hint."),
    Entry(key: "editor.out_of_view", text: "      … {where} (PgUp/PgDn)", about: "Options out of view."),
    Entry(key: "editor.part_of", text: "   part {number} of {count}", about: "The column a picker editor is on."),
    Entry(
      key: "editor.paste", text: "the paste holds {what}; nothing was pasted",
      about: "A paste with a control character, in the screen mode."),
    Entry(key: "editor.picker_none", text: "    no options", about: "A picker editor without options."),
    Entry(key: "editor.tab", text: "a tab", about: "A control character named in editor.paste."),
    Entry(key: "editor.type_to_filter", text: "type to filter the {count} options", about: "Above a long list."),
    Entry(key: "editor.whole_only", text: "whole numbers only", about: "A point typed in a whole-number editor."),
    Entry(key: "errors.none", text: "no errors", about: "`errors` when every row is valid."),
    Entry(key: "errors.row", text: "row {row}: {message}", about: "One problem of a row (`errors`, a refused submit)."),
    Entry(
      key: "expect.and_more", text: "and {count} more", about: "After the options read of a long list, in the walk."),
    Entry(
      key: "expect.and_more_narrow", text: "and {count} more (type part of one to narrow them)",
      about: "After the options read of a long list."),
    Entry(key: "expect.options", text: "Options: {options}.", about: "A choice row's numbered options, in words."),
    Entry(key: "expect.part", text: "part {number}: {options}", about: "One part of a picker's options, in words."),
    Entry(
      key: "expect.search", text: "Type part of an option to search, or ? to hear them all.",
      about: "After a long option list the walk cut short."),
    Entry(key: "expect.type", text: "Type {what}", about: "What to type, in words."),
    Entry(
      key: "expect.type_lines", text: "Type {what}; a line with only a full stop (.) ends the text",
      about: "What to type in a long text, in words."),
    Entry(
      key: "file.ending", text: "{label} must end in {endings} (got '{got}')",
      about: "A file row's path with another ending."),
    Entry(
      key: "file.ending_in", text: " ending in {endings}", about: "After file.expects_file, when the row lists endings."
    ),
    Entry(key: "file.expects_file", text: "a path to a file", about: "What a file row takes."),
    Entry(key: "file.expects_folder", text: "a path to a folder", about: "What a folders-only file row takes."),
    Entry(
      key: "file.from", text: ", from {base}",
      about: "After file.expects_file, the folder relative paths are read from."),
    Entry(
      key: "file.no_file", text: "{label}: no such file: {path}",
      about: "A path to a file that must exist and does not."),
    Entry(
      key: "file.no_folder", text: "{label}: no such folder: {path}", about: "A path to a folder that does not exist."),
    Entry(
      key: "file.not_file", text: "{label} must be a file ({path} is a folder)",
      about: "A folder given where a file must be."),
    Entry(
      key: "file.not_folder", text: "{label} must be a folder ({path} is a file)",
      about: "A file given where a folder must be."),
    Entry(key: "file.noun_file", text: "file", about: "A file row's noun."),
    Entry(key: "file.noun_folder", text: "folder", about: "A folders-only file row's noun."),
    Entry(key: "file.that_exists", text: " that exists", about: "After file.expects_file, when the path must exist."),
    Entry(
      key: "fill.answer_refused",
      text: "line {line}: the answer to {question} was refused, so the guided fill stops; nothing was submitted",
      about: "The walk through a pipe: a refused answer ends it (after `formrun:`)."),
    Entry(
      key: "fill.back_to_form", text: "(back to the form; submit or s sends the values)",
      about: "Ctrl-D's question answered no."),
    Entry(
      key: "fill.draft_kept", text: "the draft keeps the values; the next start asks to resume it",
      about: "Input ended with changed values and a draft (after `formrun:`)."),
    Entry(
      key: "fill.input_ended", text: "input ended before submit",
      about: "Input ended before a submit was accepted (after `formrun:`; exit 3)."),
    Entry(
      key: "fill.interrupted", text: "interrupted",
      about: "The last line when Ctrl-C ends formrun at a prompt or in the screen mode (exit 130)."),
    Entry(
      key: "fill.not_printed", text: "The values are not printed here; send stdout to a file to keep them.",
      about: "The accessible voice's submit at a terminal: the values were said, not printed."),
    Entry(
      key: "fill.not_written", text: "the values could not be written to stdout: {reason}",
      about: "The values could not be written (after `formrun:`; exit 4)."),
    Entry(key: "fill.quit", text: "quit", about: "The last line when Ctrl-\\ ends formrun (exit 130)."),
    Entry(
      key: "fill.quit_changed",
      text: "Input ended with {count} changed values not submitted: quit and lose them? [y/N] ",
      one: "Input ended with 1 changed value not submitted: quit and lose it? [y/N] ",
      about: "Ctrl-D at the prompt with changed values and no draft."),
    Entry(
      key: "fill.submit_refused",
      text: "line {line}: the submit was refused, so the guided fill stops; nothing was submitted",
      about: "The walk through a pipe: a refused submit ends it (after `formrun:`)."),
    Entry(
      key: "fill.timed_out", text: "timed out: no input for {count} seconds", one: "timed out: no input for 1 second",
      about: "`--timeout` passed (after `formrun:`; exit 124)."),
    Entry(
      key: "fill.timed_out_draft", text: "timed out: no input for {count} seconds (the draft keeps what was entered)",
      one: "timed out: no input for 1 second (the draft keeps what was entered)",
      about: "`--timeout` passed with a draft (after `formrun:`; exit 124)."),
    Entry(
      key: "form.changed", text: "(the form changed; show prints it whole)",
      about: "Below changed rows when the form changed shape."),
    Entry(
      key: "greeting",
      text:
        "type a row's number, name or title to edit it (a name alone opens the row; a unique beginning is enough), NAME VALUE to set it, show N to see a row in full, next to be asked row by row, ? for help, s to submit",
      about: "Said once after the first screen at a terminal."),
    Entry(key: "help.cancel", text: "end without values (quit too)", about: "`help`: what `cancel` does."),
    Entry(key: "help.clear_n", text: "empty row N", about: "`help`: what `clear N` does."),
    Entry(
      key: "help.default_n", text: "give row N the default its schema offers", about: "`help`: what `default N` does."),
    Entry(key: "help.delete_n", text: "delete row N (a row that allows it)", about: "`help`: what `delete N` does."),
    Entry(key: "help.detail_n", text: "press row N's detail button", about: "`help`: what `detail N` does."),
    Entry(
      key: "help.do_n_action", text: "run one of row N's actions (do N lists them)",
      about: "`help`: what `do N ACTION` does."),
    Entry(key: "help.errors", text: "list the errors", about: "`help`: what `errors` does."),
    Entry(key: "help.head", text: "commands:", about: "Above `help`."),
    Entry(key: "help.help", text: "this list", about: "`help`: what `help` does."),
    Entry(key: "help.help_names", text: "each row's number, name and title", about: "`help`: what `help names` does."),
    Entry(
      key: "help.insert_n", text: "insert a row (before row N) in a section that takes them",
      about: "`help`: what `insert [N]` does."),
    Entry(
      key: "help.move_n_m", text: "move row N to row M's place (a row that allows it)",
      about: "`help`: what `move N M` does."),
    Entry(
      key: "help.n", text: "activate row N: toggle a switch, choose an action, or edit the value",
      about: "`help`: what `N` does."),
    Entry(
      key: "help.n_value", text: "set row N to VALUE (NAME VALUE and TITLE VALUE too)",
      about: "`help`: what `N VALUE` does."),
    Entry(
      key: "help.name", text: "the same by name or title (any case; a unique beginning is enough)",
      about: "`help`: what `NAME` does."),
    Entry(
      key: "help.next", text: "be asked the empty or invalid rows one by one (a guided walk)",
      about: "`help`: what `next` does."),
    Entry(
      key: "help.q", text: "in an editor: leave it unchanged (an empty line keeps the value too)",
      about: "`help`: what `:q` does."),
    Entry(key: "help.show", text: "show the whole form", about: "`help`: what `show` does."),
    Entry(
      key: "help.show_n", text: "one row in full; show A-B rows A to B; show SECTION one section",
      about: "`help`: what `show N` does."),
    Entry(key: "help.submit", text: "check everything and submit the values", about: "`help`: what `submit` does."),
    Entry(key: "help.values", text: "show the values as JSON", about: "`help`: what `values` does."),
    Entry(
      key: "json.expects", text: "a JSON value, e.g. {examples} (other text is a string)",
      about: "What a JSON row takes (a JSON Schema's property of several shapes)."),
    Entry(key: "json.noun", text: "JSON value", about: "A JSON row's noun."),
    Entry(key: "key.accept", text: "accept", about: "What a key does, in the screen's help line (`accept`)."),
    Entry(key: "key.adjust", text: "adjust", about: "What a key does, in the screen's help line (`adjust`)."),
    Entry(key: "key.all_keys", text: "all keys", about: "What a key does, in the screen's help line (`all keys`)."),
    Entry(
      key: "key.any_other_key", text: "any other key",
      about: "What a key does, in the screen's help line (`any other key`)."),
    Entry(key: "key.back", text: "back", about: "What a key does, in the screen's help line (`back`)."),
    Entry(
      key: "key.change_the_part", text: "change the part",
      about: "What a key does, in the screen's help line (`change the part`)."),
    Entry(key: "key.choose", text: "choose", about: "What a key does, in the screen's help line (`choose`)."),
    Entry(key: "key.clear", text: "clear", about: "What a key does, in the screen's help line (`clear`)."),
    Entry(key: "key.column", text: "column", about: "What a key does, in the screen's help line (`column`)."),
    Entry(key: "key.complete", text: "complete", about: "What a key does, in the screen's help line (`complete`)."),
    Entry(key: "key.discard", text: "discard", about: "What a key does, in the screen's help line (`discard`)."),
    Entry(key: "key.edit", text: "edit", about: "What a key does, in the screen's help line (`edit`)."),
    Entry(key: "key.editor", text: "$EDITOR", about: "What a key does, in the screen's help line (`$EDITOR`)."),
    Entry(key: "key.filter", text: "filter", about: "What a key does, in the screen's help line (`filter`)."),
    Entry(key: "key.find", text: "find", about: "What a key does, in the screen's help line (`find`)."),
    Entry(key: "key.go_back", text: "go back", about: "What a key does, in the screen's help line (`go back`)."),
    Entry(
      key: "key.go_to_the_page", text: "go to the page",
      about: "What a key does, in the screen's help line (`go to the page`)."),
    Entry(key: "key.leave", text: "leave", about: "What a key does, in the screen's help line (`leave`)."),
    Entry(key: "key.list", text: "list", about: "What a key does, in the screen's help line (`list`)."),
    Entry(key: "key.move", text: "move", about: "What a key does, in the screen's help line (`move`)."),
    Entry(key: "key.new_line", text: "new line", about: "What a key does, in the screen's help line (`new line`)."),
    Entry(key: "key.next", text: "next", about: "What a key does, in the screen's help line (`next`)."),
    Entry(
      key: "key.next_field", text: "next field", about: "What a key does, in the screen's help line (`next field`)."),
    Entry(key: "key.next_page", text: "next page", about: "What a key does, in the screen's help line (`next page`)."),
    Entry(key: "key.next_row", text: "next row", about: "What a key does, in the screen's help line (`next row`)."),
    Entry(key: "key.pick", text: "pick", about: "What a key does, in the screen's help line (`pick`)."),
    Entry(
      key: "key.previous_page", text: "previous page",
      about: "What a key does, in the screen's help line (`previous page`)."),
    Entry(key: "key.quit", text: "quit", about: "What a key does, in the screen's help line (`quit`)."),
    Entry(key: "key.run", text: "run", about: "What a key does, in the screen's help line (`run`)."),
    Entry(key: "key.step", text: "step", about: "What a key does, in the screen's help line (`step`)."),
    Entry(key: "key.submit", text: "submit", about: "What a key does, in the screen's help line (`submit`)."),
    Entry(
      key: "key.take_or_open", text: "take or open",
      about: "What a key does, in the screen's help line (`take or open`): a file taken, a folder entered."),
    Entry(key: "key.toggle", text: "toggle", about: "What a key does, in the screen's help line (`toggle`)."),
    Entry(key: "key.type", text: "type", about: "What a key does, in the screen's help line (`type`)."),
    Entry(key: "legend.checked", text: "checked", about: "The legend of the check mark."),
    Entry(key: "legend.detail", text: "detail button", about: "The legend of the detail mark."),
    Entry(key: "legend.information", text: "information", about: "The legend of the info mark."),
    Entry(key: "legend.opens_more", text: "opens more", about: "The legend of the disclosure mark."),
    Entry(key: "legend.required", text: "* required", about: "The legend below a form with required rows."),
    Entry(key: "limit.at_least", text: "at least {unit}", about: "A lower limit."),
    Entry(key: "limit.at_least_number", text: "at least {min}", about: "A lower bound of a number."),
    Entry(key: "limit.at_most", text: "at most {unit}", about: "An upper limit."),
    Entry(key: "limit.at_most_number", text: "at most {max}", about: "An upper bound of a number."),
    Entry(key: "limit.characters", text: "{count} characters", one: "1 character", about: "A length limit's unit."),
    Entry(key: "limit.choose", text: "choose {count}", about: "How many options to choose."),
    Entry(key: "limit.choose_at_least", text: "choose at least {min}", about: "How many options to choose."),
    Entry(key: "limit.choose_at_most", text: "choose at most {max}", about: "How many options to choose."),
    Entry(key: "limit.choose_between", text: "choose {min} to {max}", about: "How many options to choose."),
    Entry(
      key: "limit.decimals", text: "up to {count} decimals", one: "up to 1 decimal", about: "Digits after the point."),
    Entry(key: "limit.exactly", text: "exactly {unit}", about: "A limit of one size."),
    Entry(key: "limit.from_on", text: "from {min} on", about: "A date's lower bound."),
    Entry(key: "limit.from_to", text: "from {min} to {max}", about: "A number or date range."),
    Entry(key: "limit.steps", text: "in steps of {step}", about: "A number's step."),
    Entry(key: "limit.to", text: "{min} to {unit}", about: "A limit of two ends."),
    Entry(key: "limit.up_to", text: "up to {max}", about: "A date's upper bound."),
    Entry(key: "limit.whole", text: "whole numbers", about: "decimals = 0."),
    Entry(key: "list.or", text: "{first} or {last}", about: "The last two of a list of alternatives."),
    Entry(key: "longtext.expects", text: "lines of text", about: "What a long text takes."),
    Entry(
      key: "longtext.lines", text: "{count} lines", one: "1 line", about: "A long text of several lines, read out."),
    Entry(
      key: "longtext.lines_shown", text: "{first} … ({count} lines)",
      about: "A long text of several lines, as its row shows it."),
    Entry(key: "longtext.noun", text: "long text", about: "A long text's noun."),
    Entry(key: "mark.disabled", text: "(disabled)", about: "After a disabled row's title (and its ` *`)."),
    Entry(
      key: "masked.cut", text: " (the format holds {slots} digits; {count} more were cut)",
      one: " (the format holds {slots} digits; 1 more was cut)", about: "Digits typed past a masked row's format."),
    Entry(key: "masked.expects", text: "digits, e.g. {example}", about: "What a masked row without a format takes."),
    Entry(
      key: "masked.expects_format", text: "{count} digits for {format}, e.g. {example}",
      about: "What a masked row takes."),
    Entry(key: "masked.noun", text: "digits", about: "A masked row's noun without a format."),
    Entry(key: "masked.noun_format", text: "digits as {format}", about: "A masked row's noun."),
    Entry(
      key: "multiple.commas", text: "{why}; separate choices with commas: {choices}",
      about: "Several options typed with spaces."),
    Entry(
      key: "multiple.expects", text: "numbers or options separated by commas, e.g. {example}",
      about: "What a multiple row takes."),
    Entry(key: "multiple.noun", text: "multiple choice", about: "A multiple row's noun."),
    Entry(
      key: "multiple.stale", text: "{label} has a choice that is not one of the options.",
      about: "A multiple row holding a value its options no longer hold."),
    Entry(
      key: "names.head", text: "rows (type the number, the name or the title; a unique beginning is enough):",
      about: "Above `help names`."),
    Entry(key: "names.none", text: "the form has no rows", about: "`help names` of an empty form."),
    Entry(key: "now", text: "now: {value}", about: "The current value above an editor."),
    Entry(key: "number.a_number", text: "a number{range}", about: "What a number row takes."),
    Entry(
      key: "number.a_whole", text: "a whole number{range}",
      about: "What a whole-number row takes (range: number.from_to…)."),
    Entry(key: "number.at_least", text: "{label} must be at least {min}", about: "A number below min."),
    Entry(key: "number.at_least_words", text: " of at least {min}", about: "A number's lower bound."),
    Entry(key: "number.at_most", text: "{label} must be at most {max}", about: "A number above max."),
    Entry(key: "number.at_most_words", text: " of at most {max}", about: "A number's upper bound."),
    Entry(
      key: "number.characters", text: "{text} ({count} characters)",
      about: "A long typed number, cut, in number.too_close."),
    Entry(
      key: "number.decimals", text: "{label} takes at most {count} decimals (got {got})",
      one: "{label} takes at most 1 decimal (got {got})", about: "Too many digits after the point."),
    Entry(key: "number.from_to", text: " from {min} to {max}", about: "A number's bounds."),
    Entry(
      key: "number.not_number", text: "{label} must be a number (got '{got}')",
      about: "A number row given text that is no number."),
    Entry(key: "number.noun", text: "number{range}", about: "A number row's noun."),
    Entry(
      key: "number.too_close", text: "{label} is too close to 0 to be held (got {got})",
      about: "A number that would read as 0."),
    Entry(
      key: "number.too_large", text: "{label} is too large (got {got}; the limit is 9223372036854775807)",
      about: "A number past what 64 bits hold."),
    Entry(
      key: "number.too_small", text: "{label} is too small (got {got}; the limit is -9223372036854775808)",
      about: "A number past what 64 bits hold."),
    Entry(
      key: "number.up_to_decimals", text: ", up to {count} decimals", one: ", up to 1 decimal",
      about: "After number.a_number."),
    Entry(
      key: "number.whole", text: "{label} must be a whole number (got {got})",
      about: "A number row with decimals = 0 given a fraction."),
    Entry(
      key: "options.more", text: "… {count} more (type one's number or its text)",
      about: "A picker part's options past the shown ones."),
    Entry(
      key: "options.more_chosen", text: "  (and {count} more chosen)", about: "Chosen options past the three shown."),
    Entry(
      key: "options.narrow", text: "  (type a number, an option, or part of one to narrow the list)",
      about: "Below a long option list."),
    Entry(
      key: "options.paged",
      text:
        "  ({rest} more: options 1 to {shown} of {count} options are shown; type part of one to narrow the list, or its number)",
      about: "Below an option list cut to the screen."),
    Entry(key: "options.part", text: "part {number}: {options}", about: "One part of a picker of several columns."),
    Entry(
      key: "page.heading", text: "Page {number} of {count}", about: "A paged form's page, in the walk and the screen."),
    Entry(
      key: "page.heading_titled", text: "Page {number} of {count}: {title}", about: "page.heading with the page's name."
    ),
    Entry(
      key: "page.not_finished", text: "{heading} is not finished: {errors}",
      about: "Why a Next is refused: the page and its errors."),
    Entry(
      key: "picker.count", text: "{label} takes {count} choices separated by commas, one per part (got {got})",
      one: "{label} takes 1 choice separated by commas, one per part (got {got})",
      about: "A picker given the wrong number of parts."),
    Entry(
      key: "picker.expects", text: "one choice per part, separated by commas, e.g. {example}",
      about: "What a picker takes."),
    Entry(key: "picker.noun", text: "picker", about: "A picker's noun."),
    Entry(key: "picker.part", text: "{label} part {number}", about: "One part of a picker, in messages."),
    Entry(
      key: "prompt.line", text: "{title}: ",
      about: "The prompt of an open editor (the current value is on the line above)."),
    Entry(key: "prompt.lines", text: "{title} (end with .)> ", about: "The prompt of a long text's editor."),
    Entry(
      key: "reask", text: "! {problems} (type it again, or :q to leave it as it was)",
      about: "The walk asks again after a refused answer."),
    Entry(
      key: "refuse.ambiguous", text: "'{words}' could be {rows}: type more of it or the number",
      about: "A beginning several rows share."),
    Entry(
      key: "refuse.bad_value", text: "! {reason} (value unchanged)",
      about: "A value refused (the reason is the kind's or a validator's)."),
    Entry(
      key: "refuse.command_or_row", text: "'{letter}' is the command {command} and the beginning of {rows}: ",
      about: "A letter that is a command and a row's beginning."),
    Entry(
      key: "refuse.command_or_rows", text: "type {command} for the command, or more of the row's name (or its number)",
      about: "After refuse.command_or_row, several rows."),
    Entry(
      key: "refuse.command_or_this", text: "type {command} for the command, or {row} for the row",
      about: "After refuse.command_or_row, one row."),
    Entry(key: "refuse.disabled", text: "{row} is disabled", about: "A disabled row opened or set."),
    Entry(
      key: "refuse.ended", text: "the form has ended; no more commands are read", about: "A command after the end."),
    Entry(key: "refuse.hidden", text: "'{name}' is hidden", about: "A hidden row named."),
    Entry(
      key: "refuse.insert_where", text: "{count} sections take inserted rows: type insert N to insert before row N",
      about: "`insert` with several sections taking rows."),
    Entry(key: "refuse.message", text: "! {message}", about: "A handler's or kind's message, as a refusal."),
    Entry(
      key: "refuse.no_action", text: "{row} has no action '{action}' (its actions: {actions})",
      about: "`do N X` with an unknown action."),
    Entry(key: "refuse.no_actions", text: "{row} has no actions", about: "`do N` on a row without actions."),
    Entry(key: "refuse.no_default", text: "{row} offers no default", about: "`default N` on a row that has none."),
    Entry(key: "refuse.no_detail", text: "{row} has no detail button", about: "`detail N` on a row without one."),
    Entry(
      key: "refuse.no_insert", text: "rows cannot be inserted in the section of {row}",
      about: "`insert N` where the section takes none."),
    Entry(
      key: "refuse.no_insert_any", text: "no section takes inserted rows",
      about: "`insert` where no section takes rows."),
    Entry(
      key: "refuse.no_name", text: "the form has no item named '{name}'{hint}",
      about: "NAME VALUE with an unknown name."),
    Entry(
      key: "refuse.no_row", text: "there is no row {number} (rows are 1 to {count})",
      about: "A row number past the end."),
    Entry(
      key: "refuse.no_row_empty", text: "there is no row {number}: the form has no rows",
      about: "A row number in an empty form."),
    Entry(
      key: "refuse.no_rows", text: "there are no rows {from}-{to} (rows are 1 to {count})",
      about: "`show A-B` past the end."),
    Entry(
      key: "refuse.no_rows_empty", text: "there are no rows {from}-{to}: the form has no rows",
      about: "`show A-B` of an empty form."),
    Entry(key: "refuse.no_value", text: "{row} holds no value", about: "A value set on a row that holds none."),
    Entry(key: "refuse.not_deletable", text: "{row} cannot be deleted", about: "`delete N` on a row that cannot be."),
    Entry(key: "refuse.not_deleted", text: "{row} was not deleted", about: "A delete a handler refused."),
    Entry(key: "refuse.not_inserted", text: "no row was inserted", about: "An insert a handler refused."),
    Entry(key: "refuse.not_movable", text: "{row} cannot be moved", about: "`move N M` on a row that cannot be."),
    Entry(key: "refuse.not_moved", text: "{row} was not moved", about: "A move a handler refused."),
    Entry(
      key: "refuse.nothing_to_show",
      text: "no row or section is called '{words}'; show N, show A-B or show SECTION (help names lists the rows)",
      about: "`show X` naming nothing."),
    Entry(
      key: "refuse.or_number", text: " (or {number})",
      about: "A row's number after its name, in refuse.command_or_this."),
    Entry(
      key: "refuse.renumbered",
      text:
        "row {number} is now {row}: rows moved since the form was last shown; type {number} again to mean it, or show to see the form",
      about: "A row number that moved."),
    Entry(key: "refuse.row_hidden", text: "row {number} is hidden now", about: "A hidden row's number."),
    Entry(
      key: "refuse.secret_typed",
      text:
        "{row} is secret, so its value is not set from a line that shows it: type {name} alone, then the value (it is not shown as you type)",
      about: "NAME VALUE on a secret row."),
    Entry(key: "refuse.the_row", text: "the row", about: "A row not named, in a refusal."),
    Entry(
      key: "refuse.unknown", text: "unknown command or item '{word}'{hint}; type ? for help",
      about: "A line that is no command and no row."),
    Entry(key: "refuse.vetoed", text: "{row} cannot be chosen now", about: "A row whose on_select refused."),
    Entry(
      key: "repl.greeting", text: "Lua 5.4 on the form; :help lists the commands, Ctrl-D leaves",
      about: "The REPL's first line at a terminal."),
    Entry(
      key: "repl.help",
      text: """
        formrun repl: Lua on a live form (the global `form`)
          LUA          a Lua line, read as lua.c reads it: an expression's values are printed
                       (=EXPR too); an unfinished chunk continues on a >> prompt
          :COMMAND     a line command on the form, as typed when filling it:
        """,
      about: "The REPL's `:help`, above the form's commands (one line each, as written)."),
    Entry(
      key: "repl.help_end",
      text: """
          :submit ends the REPL with the values as JSON on stdout (exit 0); :cancel or :q
          ends it with exit 1; end of input (Ctrl-D) leaves with exit 0 and submits nothing,
          as this is a tool for exploring. Values and messages go to stderr.
          Ctrl-C drops the line being typed. Tab completes globals and the fields of form,
          sections and items; history is kept in ~/.formrun_history (never a secret).
        """,
      about: "The REPL's `:help`, below the form's commands."),
    Entry(
      key: "repl.unfinished", text: "! input ended inside an unfinished Lua chunk; it was not run",
      about: "The REPL's input ended while a Lua chunk was unfinished."),
    Entry(key: "row", text: "row {number} ({title})", about: "How refusals name a row."),
    Entry(key: "row.unnumbered", text: "row ({title})", about: "A row not shown, named in a refusal."),
    Entry(
      key: "schema.additional_property", text: "{label} must not have the property '{name}'.",
      about: "`additionalProperties: false`."),
    Entry(
      key: "schema.any_of", text: "{label} must match at least one of the {count} schemas of {place}.",
      about: "`anyOf`."),
    Entry(key: "schema.const", text: "{label} must be {limit}.", about: "`const`: the value, as JSON."),
    Entry(
      key: "schema.contains", text: "{label} must contain an item that matches {place}.",
      about: "`contains`: the schema's place."),
    Entry(
      key: "schema.dependent_required", text: "{label} needs the property '{name}' when it has '{other}'.",
      about: "`dependentRequired`, `dependencies`."),
    Entry(key: "schema.document", text: "the document", about: "How a schema's message names the whole document."),
    Entry(
      key: "schema.endless",
      text: "{label} could not be checked: the schema at {place} refers to itself for this value without end.",
      about: "A `$ref` that comes back to itself for the same value."),
    Entry(key: "schema.enum", text: "{label} must be one of {limit}.", about: "`enum`: the values allowed, as JSON."),
    Entry(key: "schema.exclusive_maximum", text: "{label} must be less than {limit}.", about: "`exclusiveMaximum`."),
    Entry(key: "schema.exclusive_minimum", text: "{label} must be more than {limit}.", about: "`exclusiveMinimum`."),
    Entry(
      key: "schema.false", text: "{label} is not allowed here.",
      about: "A value the schema `false` refuses (an item past `prefixItems` with `items: false`)."),
    Entry(key: "schema.format_date", text: "{label} must be a date like 2026-11-30.", about: "`format: date`."),
    Entry(
      key: "schema.format_date_time", text: "{label} must be a date and time like 2026-11-30T14:05:00Z.",
      about: "`format: date-time`."),
    Entry(key: "schema.format_email", text: "{label} must be an email address.", about: "`format: email`."),
    Entry(key: "schema.format_hostname", text: "{label} must be a host name.", about: "`format: hostname`."),
    Entry(key: "schema.format_ipv4", text: "{label} must be an IPv4 address.", about: "`format: ipv4`."),
    Entry(key: "schema.format_ipv6", text: "{label} must be an IPv6 address.", about: "`format: ipv6`."),
    Entry(
      key: "schema.format_json_pointer", text: "{label} must be a JSON pointer, like /a/0/b.",
      about: "`format: json-pointer`."),
    Entry(
      key: "schema.format_relative_json_pointer", text: "{label} must be a relative JSON pointer, like 1/a or 0#.",
      about: "`format: relative-json-pointer`."),
    Entry(key: "schema.format_time", text: "{label} must be a time like 14:05:00Z.", about: "`format: time`."),
    Entry(
      key: "schema.format_uri", text: "{label} must be an absolute URI, like https://example.com/.",
      about: "`format: uri`."),
    Entry(
      key: "schema.format_uri_reference", text: "{label} must be a URI or a relative reference, like ../a/b.json#c.",
      about: "`format: uri-reference`."),
    Entry(
      key: "schema.format_uuid", text: "{label} must be a UUID like 2eb8aa08-aa98-11ea-b4aa-73b441d16380.",
      about: "`format: uuid`."),
    Entry(
      key: "schema.inside", text: "{label} at {place}",
      about: "A value inside a row (a list's item, an object's property): the row and the JSON pointer."),
    Entry(
      key: "schema.max_contains",
      text: "{label} must contain at most {count} items that match {place} (it has {found}).",
      one: "{label} must contain at most 1 item that matches {place} (it has {found}).", about: "`maxContains`."),
    Entry(
      key: "schema.max_items", text: "{label} must have at most {count} items.",
      one: "{label} must have at most 1 item.", about: "`maxItems`."),
    Entry(
      key: "schema.max_length", text: "{label} must be at most {count} characters long.",
      one: "{label} must be at most 1 character long.", about: "`maxLength`."),
    Entry(
      key: "schema.max_properties", text: "{label} must have at most {count} properties.",
      one: "{label} must have at most 1 property.", about: "`maxProperties`."),
    Entry(key: "schema.maximum", text: "{label} must be at most {limit}.", about: "`maximum`."),
    Entry(
      key: "schema.min_contains",
      text: "{label} must contain at least {count} items that match {place} (it has {found}).", about: "`minContains`."),
    Entry(
      key: "schema.min_items", text: "{label} must have at least {count} items.",
      one: "{label} must have at least 1 item.", about: "`minItems`."),
    Entry(
      key: "schema.min_length", text: "{label} must be at least {count} characters long.",
      one: "{label} must be at least 1 character long.", about: "`minLength`."),
    Entry(
      key: "schema.min_properties", text: "{label} must have at least {count} properties.",
      one: "{label} must have at least 1 property.", about: "`minProperties`."),
    Entry(key: "schema.minimum", text: "{label} must be at least {limit}.", about: "`minimum`."),
    Entry(key: "schema.missing", text: "{label} is required.", about: "A row the schema requires, left empty."),
    Entry(key: "schema.multiple_of", text: "{label} must be a multiple of {limit}.", about: "`multipleOf`."),
    Entry(key: "schema.not", text: "{label} must not match the schema {place}.", about: "`not`."),
    Entry(
      key: "schema.one_of",
      text: "{label} must match exactly one of the {count} schemas of {place} (it matches {found}).", about: "`oneOf`."),
    Entry(
      key: "schema.pattern", text: "{label} must match the pattern {limit}.",
      about: "`pattern`: the regular expression."),
    Entry(
      key: "schema.pattern_too_costly",
      text:
        "{label} could not be checked against the pattern {limit} (it backtracks too far); the document's checks stop here.",
      about: "A `pattern` that gave up: nothing more of the document is checked."),
    Entry(
      key: "schema.property_name", text: "{label} has a property name that does not fit {place}: '{name}'.",
      about: "`propertyNames`."),
    Entry(key: "schema.required", text: "{label} needs the property '{name}'.", about: "`required`."),
    Entry(
      key: "schema.too_deep", text: "{label} is nested too deeply to check.",
      about: "A value past 400 levels of subschemas."),
    Entry(
      key: "schema.too_long", text: "{label} could not be checked within {limit} s; the document's checks stop here.",
      about: "The checks of one document took longer than their budget."),
    Entry(key: "schema.type_array", text: "{label} must be an array.", about: "`type: array`."),
    Entry(key: "schema.type_boolean", text: "{label} must be true or false.", about: "`type: boolean`."),
    Entry(key: "schema.type_integer", text: "{label} must be a whole number.", about: "`type: integer`."),
    Entry(key: "schema.type_null", text: "{label} must be null.", about: "`type: null`."),
    Entry(key: "schema.type_number", text: "{label} must be a number.", about: "`type: number`."),
    Entry(key: "schema.type_object", text: "{label} must be an object.", about: "`type: object`."),
    Entry(key: "schema.type_string", text: "{label} must be a string.", about: "`type: string`."),
    Entry(
      key: "schema.types", text: "{label} must be one of the types {limit}.", about: "`type` naming several types."),
    Entry(
      key: "schema.unevaluated_property",
      text: "{label} must not have the property '{name}' (no part of the schema takes it).",
      about: "`unevaluatedProperties: false`."),
    Entry(
      key: "schema.unique_items", text: "{label} must not repeat an item (items {found} and {other} are the same).",
      about: "`uniqueItems`: the first two items that are equal."),
    Entry(
      key: "schemaform.add_element", text: "Add {noun}",
      about: "A schema array's row that adds an element (noun: the element's)."),
    Entry(
      key: "schemaform.add_key", text: "Add a key", about: "A schema map's row: the key typed there becomes a row."),
    Entry(
      key: "schemaform.add_key_about", text: "type a key: it becomes a row of its own for the value",
      about: "Below `Add a key`."),
    Entry(
      key: "schemaform.add_property", text: "Add a property",
      about: "A schema object's row offering its properties that are not rows yet."),
    Entry(
      key: "schemaform.add_property_about", text: "choose a property (type its name or a part of it): it becomes a row",
      about: "Below `Add a property`."),
    Entry(
      key: "schemaform.at_least", text: "{array} needs at least {min}.",
      about: "A delete that would leave a schema array too short."),
    Entry(
      key: "schemaform.at_most", text: "{array} takes at most {max}.",
      about: "An add that would make a schema array too long."),
    Entry(
      key: "schemaform.default", text: "default: {value}",
      about: "An empty row's placeholder: the value its schema offers (`default N` takes it)."),
    Entry(
      key: "schemaform.deprecated", text: "{title} (deprecated)",
      about: "The title of a row the schema marks deprecated."),
    Entry(key: "schemaform.element", text: "{noun} {number}", about: "The title of a schema array's element."),
    Entry(
      key: "schemaform.example", text: "e.g. {value}", about: "An empty row's placeholder: the schema's first example."),
    Entry(key: "schemaform.item", text: "item", about: "A schema array's element, when its schema has no title."),
    Entry(
      key: "schemaform.no_value", text: "the document needs a value",
      about: "Submitting a schema form whose document (no object) is empty."),
    Entry(
      key: "schemaform.option_hint", text: "{value}: {hint}",
      about: "An option of a schema's enum with the schema's words for it."),
    Entry(key: "schemaform.shape", text: "Shape", about: "A schema's row choosing one of its shapes (oneOf/anyOf)."),
    Entry(
      key: "schemaform.shape_about", text: "which of the schema's shapes the document has: its rows follow",
      about: "Below `Shape`."),
    Entry(
      key: "schemaform.shape_option", text: "shape {number}",
      about: "One of the shapes, when the schema gives it no title."),
    Entry(key: "screen.back_button", text: "[ ‹ Back ]", about: "The Back line of a paged form's page or summary."),
    Entry(key: "screen.cancelled", text: "Cancelled.", about: "The last line when the form was cancelled."),
    Entry(
      key: "screen.discard", text: "Discard {count} changed values? [y/N] ", one: "Discard 1 changed value? [y/N] ",
      about: "The screen asks before leaving loses changes."),
    Entry(key: "screen.empty_value", text: "(empty)", about: "A row in full (Ctrl-R) when it holds no value."),
    Entry(
      key: "screen.find", text: "   find a row by its title; Enter or Esc ends", about: "After the `/` search text."),
    Entry(key: "screen.first_page", text: "This is the first page.", about: "Back on a paged form's first page."),
    Entry(key: "screen.input_ended", text: "Input ended before submit.", about: "The last line when input ended."),
    Entry(key: "screen.interrupted", text: "Interrupted.", about: "The last line after Ctrl-C."),
    Entry(
      key: "screen.keys.accept", text: "accept, go to the next row (refused: stays open)",
      about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.at_form", text: "At the form", about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.choose", text: "choose, or accept the options ticked",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.cut", text: "cut to the end, to the start, a word",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.edit", text: "edit a row (typing replaces its value), toggle, run",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.external", text: "a long text in $VISUAL or $EDITOR",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.filter", text: "filter the options (the letters in order)",
      about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.find", text: "find a row by its title", about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.in_editor", text: "In an editor", about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.in_list", text: "In a list", about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.in_place", text: "edit the value in place, the cursor at its end",
      about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.jump", text: "jump", about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.leave", text: "leave (asks first when values changed)",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.leave_editor", text: "leave the editor unchanged (typed text: asks first)",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.log", text: "what the form's handlers printed",
      about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.move_list", text: "move", about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.move_rows", text: "move between rows", about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.move_text", text: "move in the text (Ctrl-A/E/B/F too)",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.next_row", text: "accept and go to the next row, or back",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.pages", text: "the previous, the next page of a paged form",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.row_in_full", text: "the focused row in full: value, limits, errors",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.slider", text: "move a slider by its step, a segmented control to the next option",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.step", text: "a date's part under the cursor, a number by one",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.submit", text: "submit (the Submit line too), or the next page",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.take_default", text: "give the row the default it offers (its placeholder)",
      about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.keys.toggle", text: "toggle an option (several), choose one (one of N)",
      about: "A line of the screen's `?` key list."),
    Entry(key: "screen.keys.word", text: "a word back, forward", about: "A line of the screen's `?` key list."),
    Entry(
      key: "screen.log_empty", text: "Nothing was printed.",
      about: "The log of handlers' output (Ctrl-O) when it is empty."),
    Entry(
      key: "screen.log_heading", text: "What the form's handlers printed, oldest first",
      about: "Above the log of handlers' output (Ctrl-O)."),
    Entry(
      key: "screen.more", text: "… {count} more lines: show prints the whole form{rows}, show SECTION one section",
      one: "… 1 more line: show prints the whole form{rows}, show SECTION one section",
      about: "Below a first screen cut to the terminal."),
    Entry(key: "screen.more_above", text: "more above", about: "Rows out of view above."),
    Entry(key: "screen.more_below", text: "more below", about: "Rows out of view below."),
    Entry(key: "screen.more_both", text: "more above and below", about: "Rows out of view both ways."),
    Entry(key: "screen.more_keys", text: "… {where} (PgUp/PgDn)", about: "The status line when rows are out of view."),
    Entry(
      key: "screen.needs_fix", text: "Not submitted: {count} rows need a fix. {first}",
      one: "Not submitted: 1 row needs a fix. {first}", about: "A refused submit in the screen mode."),
    Entry(key: "screen.next_button", text: "[ Next › ]", about: "The Next line of a paged form's page."),
    Entry(
      key: "screen.next_summary_button", text: "[ Next: the summary › ]",
      about: "The Next line of a paged form's last page."),
    Entry(
      key: "screen.no_editor", text: "no editor to open (set VISUAL or EDITOR)",
      about: "e on a long text with no editor set."),
    Entry(
      key: "screen.not_saved", text: "the editor did not save the text; nothing changed",
      about: "The external editor ended without saving."),
    Entry(
      key: "screen.not_submitted", text: "Not submitted: {why}",
      about: "A submit a handler refused, in the screen mode."),
    Entry(key: "screen.nothing_discarded", text: "Nothing was discarded.", about: "The discard question answered no."),
    Entry(
      key: "screen.placeholder", text: "placeholder: {text}",
      about: "A row in full (Ctrl-R): the placeholder of an empty row."),
    Entry(key: "screen.press_any_key", text: "Press any key to go back to the form.", about: "Below the `?` key list."),
    Entry(
      key: "screen.rest_rows", text: "; show {from}-{to} the rows below",
      about: "Part of the line below a cut first screen."),
    Entry(key: "screen.row_error", text: "{title}: {message}", about: "The first problem, after screen.needs_fix."),
    Entry(key: "screen.submit", text: "[ Submit ]", about: "The screen's Submit line."),
    Entry(key: "screen.submit_button", text: "[ Submit ]", about: "The Submit line of a paged form's summary."),
    Entry(key: "screen.submitted", text: "Submitted.", about: "The last line when the form was submitted."),
    Entry(key: "screen.submitting", text: "Submitting", about: "What the screen says while on_submit runs."),
    Entry(
      key: "screen.summary_heading", text: "Summary: check the values, then submit",
      about: "The heading of a paged form's summary."),
    Entry(
      key: "serve.again", text: "Fill in the form again",
      about: "The link after a form was sent or cancelled in the browser."),
    Entry(key: "serve.back", text: "Back", about: "The Back button of a paged form in the browser."),
    Entry(key: "serve.cancel", text: "Cancel", about: "The Cancel button in the browser."),
    Entry(
      key: "serve.cancelled", text: "The form was cancelled; nothing was sent.",
      about: "The page after Cancel in the browser."),
    Entry(
      key: "serve.card_held", text: "Held: {card}. Type a new card to replace it.",
      about: "A card row that holds a card (masked), in the browser."),
    Entry(
      key: "serve.change_page", text: "Change {heading}", about: "The summary's button back to a page, in the browser."),
    Entry(
      key: "serve.choose", text: "(choose)", about: "A drop-down list's first entry, nothing chosen, in the browser."),
    Entry(key: "serve.delete", text: "Delete", about: "A deletable row's button in the browser."),
    Entry(key: "serve.detail", text: "Details", about: "A row's detail button in the browser."),
    Entry(key: "serve.empty", text: "(empty)", about: "An empty value on the summary, in the browser."),
    Entry(
      key: "serve.expired",
      text: "The form was left unused too long, so it starts again; what was typed before is gone.",
      about: "A visitor back after the session expired (--expire)."),
    Entry(
      key: "serve.full", text: "This form has as many visitors as it takes just now. Try again in a few minutes.",
      about: "A visitor beyond --max-sessions."),
    Entry(
      key: "serve.insert", text: "Add a row to {section}",
      about: "A section's Add button in the browser (section: its header, may be empty)."),
    Entry(key: "serve.move_down", text: "Move down", about: "A movable row's button in the browser."),
    Entry(key: "serve.move_up", text: "Move up", about: "A movable row's button in the browser."),
    Entry(key: "serve.next", text: "Next", about: "The Next button of a paged form in the browser."),
    Entry(
      key: "serve.next_summary", text: "Next: the summary",
      about: "The Next button of a paged form's last page in the browser."),
    Entry(
      key: "serve.no_token", text: "This address needs its token: open the link formrun printed (it ends in ?token=…).",
      about: "A request without the serve token."),
    Entry(
      key: "serve.not_kept", text: "The values could not be kept: {why}",
      about: "A submission the collect file or stdout did not take."),
    Entry(
      key: "serve.once_taken", text: "The form was already sent from another page.",
      about: "A second submission with --once."),
    Entry(key: "serve.part", text: "{label}, part {number}", about: "A picker's drop-down list, for a screen reader."),
    Entry(
      key: "serve.problems", text: "{count} fields need attention", one: "1 field needs attention",
      about: "Above the list of problems after a refused submit or Next."),
    Entry(
      key: "serve.row_gone", text: "That row is no longer on the form.",
      about: "A button of a row a handler took away meanwhile."),
    Entry(
      key: "serve.secret_set", text: "(set; type to replace it)",
      about: "The placeholder of a secret that holds a value, in the browser."),
    Entry(key: "serve.sent", text: "Sent. Thank you.", about: "The page after a submission was kept."),
    Entry(key: "serve.sent_id", text: "Reference: {id}", about: "The submission's id, on the sent page."),
    Entry(key: "serve.submit", text: "Submit", about: "The Submit button in the browser."),
    Entry(
      key: "serve.summary", text: "Summary: check the values, then submit",
      about: "The heading of a paged form's summary in the browser."),
    Entry(
      key: "serve.unasked",
      text: "A handler asked “{question}”; a page cannot answer in the middle of a change, so the answer was no.",
      about: "formrun.confirm in the browser."),
    Entry(key: "serve.untitled", text: "Form", about: "The browser tab's title of a form without one."),
    Entry(
      key: "show.actions", text: "actions", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(
      key: "show.commands", text: "commands", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(
      key: "show.description", text: "description",
      about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.detail", text: "detail", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.disabled", text: "no (disabled)", about: "`show N` of a disabled row."),
    Entry(key: "show.do", text: "{actions} (do {row} ACTION)", about: "`show N`: the row's actions."),
    Entry(
      key: "show.enabled", text: "enabled", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.errors", text: "errors", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.kind", text: "kind", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.name", text: "name", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.no_errors", text: "none", about: "`show N` of a row without errors."),
    Entry(
      key: "show.options", text: "options", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(
      key: "show.placeholder", text: "placeholder",
      about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(
      key: "show.required", text: "required", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.type", text: "type", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "show.value", text: "value", about: "A fact's name in `show N` (at most 12 characters are aligned)."),
    Entry(key: "slider.at", text: "at {value}", about: "A slider's value, read out."),
    Entry(key: "slider.expects", text: "a number from {range}{step}", about: "What a slider takes."),
    Entry(
      key: "slider.not_number", text: "{label} must be a number from {range} (got '{got}')",
      about: "A slider given text that is no number."),
    Entry(key: "slider.noun", text: "slider{range}", about: "A slider's noun."),
    Entry(
      key: "slider.outside", text: "{label} must be from {range} (got {got})",
      about: "A slider given a number past its ends."),
    Entry(key: "slider.range", text: "{min} to {max}", about: "A slider's ends."),
    Entry(key: "slider.snapped", text: "{typed} → {kept} (step {step})", about: "A typed number snapped to the step."),
    Entry(key: "slider.step", text: ", step {step}", about: "A slider's step, in what it takes."),
    Entry(key: "spoken.actions", text: "{row}, actions: {actions}", about: "`actions N`, in the accessible voice."),
    Entry(
      key: "spoken.again", text: "Type it again, or :q to leave it as it was.",
      about: "After a refused answer in the walk."),
    Entry(key: "spoken.cancelled", text: "Cancelled.", about: "The form was cancelled."),
    Entry(key: "spoken.cannot", text: "Cannot submit.", about: "on_submit returned a message."),
    Entry(
      key: "spoken.cannot_submit", text: "Cannot submit: {count} problems.", one: "Cannot submit: 1 problem.",
      about: "A refused submit."),
    Entry(key: "spoken.checked", text: "checked", about: "A row with a check mark."),
    Entry(key: "spoken.chosen", text: "chosen: {value}", about: "A choice row's value, in the accessible voice."),
    Entry(key: "spoken.detail_button", text: "has a detail button", about: "A row with a detail button."),
    Entry(key: "spoken.disabled", text: "disabled", about: "A disabled row, in the accessible voice."),
    Entry(
      key: "spoken.discard", text: "Cancelling loses {count} changed values. Type y to cancel, anything else to go on.",
      one: "Cancelling loses 1 changed value. Type y to cancel, anything else to go on.",
      about: "Before a cancel loses changes."),
    Entry(key: "spoken.do", text: "Type do {number} and an action to run it.", about: "After spoken.actions."),
    Entry(key: "spoken.editing", text: "Editing {title}", about: "An editor opened, in the accessible voice."),
    Entry(key: "spoken.empty", text: "empty", about: "An empty secret in the summary."),
    Entry(key: "spoken.error", text: "Error: {message}", about: "A problem, in the accessible voice."),
    Entry(key: "spoken.filled_in", text: "filled in", about: "A secret with a value, in the summary."),
    Entry(key: "spoken.form", text: "Form: {title}, {rows}.", about: "The accessible voice names the form."),
    Entry(key: "spoken.form_refused", text: "Cannot submit: the form refused.", about: "on_submit returned false."),
    Entry(key: "spoken.form_untitled", text: "Form, {rows}.", about: "The same for a form without a title."),
    Entry(key: "spoken.gone", text: "No longer shown: {titles}.", about: "Rows a change hid."),
    Entry(key: "spoken.hint", text: " Hint: {hint}", about: "A row's placeholder, in the accessible voice."),
    Entry(
      key: "spoken.how",
      text:
        " Type show to hear every row, next to be asked row by row, a row number to edit it, help for the commands.",
      about: "After the accessible opening."),
    Entry(key: "spoken.keep", text: "An empty line keeps the value.", about: "An editor, in the accessible voice."),
    Entry(
      key: "spoken.keep_lines", text: "An empty first line keeps the value.",
      about: "A long text's editor, in the accessible voice."),
    Entry(key: "spoken.left", text: "Left the editor; {title} is unchanged", about: "An editor left with the escape."),
    Entry(key: "spoken.line", text: "Line {number}: {text}", about: "One line of a long text, read on its own."),
    Entry(key: "spoken.more_info", text: "has more information", about: "A row with an info mark."),
    Entry(key: "spoken.name", text: "{row}, name: {name}", about: "`help names`, in the accessible voice."),
    Entry(key: "spoken.new", text: "New: {row}", about: "A row a change showed."),
    Entry(key: "spoken.no_errors", text: "No errors.", about: "`errors` of a valid form."),
    Entry(key: "spoken.no_name", text: "none", about: "A row without a name."),
    Entry(key: "spoken.no_values", text: "No values.", about: "`values` of a form without values."),
    Entry(key: "spoken.not_cancelled", text: "Not cancelled.", about: "The discard question answered no."),
    Entry(
      key: "spoken.note", text: "Note: {text}", about: "A section footer or a kind's note, in the accessible voice."),
    Entry(key: "spoken.of_options", text: "{noun} of {count}", about: "A choice row: its noun and option count."),
    Entry(key: "spoken.of_parts", text: "{noun} of {count} parts", about: "A picker of several parts."),
    Entry(key: "spoken.opens_more", text: "opens more", about: "A row with a disclosure mark."),
    Entry(key: "spoken.required", text: "required", about: "A required row, in the accessible voice."),
    Entry(key: "spoken.row", text: "Row", about: "A row not shown, in the accessible voice."),
    Entry(key: "spoken.row_name", text: "Row {number}, {title}", about: "How the accessible voice names a row."),
    Entry(key: "spoken.row_of", text: "Row {number} of {count}", about: "A row's place, in the accessible voice."),
    Entry(key: "spoken.row_problem", text: "{row}: {message}", about: "A row's problem, in the accessible voice."),
    Entry(key: "spoken.rows", text: "{count} rows", one: "1 row", about: "How many rows a form has."),
    Entry(key: "spoken.section", text: "Section: {header}", about: "A section header, in the accessible voice."),
    Entry(key: "spoken.section_untitled", text: "Section", about: "A section without a header."),
    Entry(
      key: "spoken.submit_failed", text: "Cannot submit: its on_submit function failed.",
      about: "on_submit raised an error."),
    Entry(key: "spoken.submitted", text: "Submitted.", about: "The form was submitted."),
    Entry(key: "spoken.summary", text: "Summary: {values}", about: "Every value in one sentence."),
    Entry(key: "spoken.then", text: "; then ", about: "Between a picker's parts."),
    Entry(key: "spoken.unchanged", text: "Unchanged.", about: "An editor closed with the value kept."),
    Entry(key: "spoken.value_unchanged", text: " The value is unchanged.", about: "After a refused value."),
    Entry(
      key: "submit.cannot", text: "cannot submit ({count} problems):", one: "cannot submit (1 problem):",
      about: "Above the problems of a refused submit."),
    Entry(key: "submit.done", text: "submitted", about: "The form was submitted."),
    Entry(key: "submit.failed", text: "the submit was refused: on_submit failed", about: "on_submit raised an error."),
    Entry(key: "submit.refused", text: "the submit was refused", about: "on_submit returned false."),
    Entry(key: "text.at_most", text: ", at most {max} characters", about: "A text row's max_length, in what it takes."),
    Entry(key: "text.capitals", text: "in capitals", about: "capitalize = \"all\"."),
    Entry(key: "text.expects", text: "one line of text", about: "What a text row takes."),
    Entry(key: "text.expects_secret", text: "text, not shown as you type", about: "What a secure text row takes."),
    Entry(key: "text.noun", text: "text", about: "A text row's noun."),
    Entry(key: "text.noun_secret", text: "secret text", about: "A secure text row's noun."),
    Entry(key: "text.one_line", text: "{label} is one line of text", about: "A text row given several lines."),
    Entry(key: "text.secret_filled", text: "filled in, not read out", about: "A secret with a value, read out."),
    Entry(key: "text.sentences", text: "each sentence capitalised", about: "capitalize = \"sentences\"."),
    Entry(
      key: "text.too_long", text: "{label} takes at most {max} characters (got {count})", about: "Text past max_length."
    ),
    Entry(key: "text.words", text: "each word capitalised", about: "capitalize = \"words\", in what the row takes."),
    Entry(key: "valid.blank", text: "{label} can't be blank.", about: "The `required` / `presence` validator."),
    Entry(key: "valid.card", text: "{label} is not a valid card number.", about: "The `luhn` validator."),
    Entry(key: "valid.email", text: "{label} is not a valid email.", about: "The `email` validator."),
    Entry(
      key: "valid.format", text: "{label} is not in the expected format.", about: "The `format` / `match` validator."),
    Entry(key: "valid.not_number", text: "{label} is not a number.", about: "The `range` validator, given no number."),
    Entry(
      key: "valid.too_complex", text: "{label} could not be checked (the pattern is too complex).",
      about: "The `format` validator, a pattern too costly to run."),
    Entry(
      key: "valid.too_few", text: "{label} has too few choices (minimum is {min}).", about: "The `count` validator."),
    Entry(key: "valid.too_large", text: "{label} is too large (maximum is {max}).", about: "The `range` validator."),
    Entry(
      key: "valid.too_long", text: "{label} is too long (maximum is {count} characters).",
      one: "{label} is too long (maximum is 1 character).", about: "The `length` validator."),
    Entry(
      key: "valid.too_many", text: "{label} has too many choices (maximum is {max}).", about: "The `count` validator."),
    Entry(
      key: "valid.too_short", text: "{label} is too short (minimum is {count} characters).",
      one: "{label} is too short (minimum is 1 character).", about: "The `length` validator."),
    Entry(key: "valid.too_small", text: "{label} is too small (minimum is {min}).", about: "The `range` validator."),
    Entry(key: "valid.url", text: "{label} is not a valid url.", about: "The `url` validator."),
    Entry(key: "value.empty", text: "(empty)", about: "An empty value in full (`show N`)."),
    Entry(key: "value.empty_word", text: "empty", about: "An empty value, read out."),
    Entry(key: "value.secret", text: "(secret, not shown)", about: "A secret value in `show N`."),
    Entry(key: "walk.back_to", text: "Back to {title}.", about: "The accessible walk returns to a row."),
    Entry(
      key: "walk.back_to_error", text: "Back to the first row with an error.",
      about: "A refused submit at a terminal goes back."),
    Entry(key: "walk.became", text: " became ", about: "An adjusted value, said in the accessible walk (for →)."),
    Entry(
      key: "walk.commas", text: " Separate with commas.",
      about: "How several options are typed, in the accessible walk."),
    Entry(key: "walk.ended", text: "The guided fill has ended.", about: "A line after the walk ended."),
    Entry(key: "walk.example", text: ", e.g. {example}", about: "An example in walk.type_a."),
    Entry(key: "walk.first", text: "This is the first question.", about: ":back at the first question."),
    Entry(key: "walk.gone", text: "No longer asked: {titles}.", about: "Rows an answer hid."),
    Entry(
      key: "walk.help",
      text:
        "An empty line keeps the value. :back goes to the previous row, :skip to the next,\n:clear empties the row, :show shows the form, :q cancels, :help says this again.\nTo type a value that starts with a colon, type two.",
      about: "The walk's commands (`--guided`; one line each)."),
    Entry(
      key: "walk.help_brief",
      text:
        "An empty line keeps the value. :back goes back, :skip goes on, :clear empties the row, :show reads the form, :q cancels. Type two colons for a value that starts with one.",
      about: "The walk's commands in the accessible voice."),
    Entry(key: "walk.hint", text: " Hint: {hint}", about: "A row's placeholder, read in the accessible walk."),
    Entry(
      key: "walk.in_all", text: " {count} questions in all.", one: " 1 question in all.",
      about: "After walk.new_questions or walk.gone."),
    Entry(
      key: "walk.lines", text: " A line with only a full stop ends the text.",
      about: "How a long text ends, in the accessible walk."),
    Entry(
      key: "walk.new_questions", text: "New questions: {titles}.", one: "New question: {titles}.",
      about: "Rows an answer showed."),
    Entry(
      key: "walk.no_back", text: "There is no row to go back to.", about: ":back at the first question, from the end."),
    Entry(key: "walk.no_errors", text: "No errors.", about: "The summary of a valid form."),
    Entry(key: "walk.no_page", text: "There is no page {page}.", about: ":page with a page no one has."),
    Entry(key: "walk.no_pages", text: "This form has no pages.", about: ":page on a form without pages."),
    Entry(key: "walk.nothing", text: "nothing to ask", about: "The walk of a form with no question."),
    Entry(key: "walk.now", text: "now {value}", about: "The current value, in the accessible walk."),
    Entry(
      key: "walk.of_options", text: "{noun} of {count}",
      about: "A choice row in the accessible walk: its noun and option count."),
    Entry(
      key: "walk.of_parts", text: "{noun} of {count} parts", about: "A picker of several parts in the accessible walk."),
    Entry(key: "walk.of_title", text: " of {title}", about: "The form's title in walk.start."),
    Entry(
      key: "walk.on_pages", text: " on {count} pages", one: " on 1 page", about: "After walk.questions on a paged form."
    ),
    Entry(key: "walk.options", text: "Options: {options}.", about: "Every option of a row (`?` in the walk)."),
    Entry(
      key: "walk.page_help", text: ":page N goes to page N (a later page once the pages before it are finished).",
      about: "The walk's help on a paged form."),
    Entry(
      key: "walk.page_list", text: " Pages: {pages}.", about: "The pages listed after walk.no_page or walk.which_page."),
    Entry(
      key: "walk.pages_brief", text: "Pages: {pages}; :page and a number goes back to one.",
      about: "The accessible summary's list of pages."),
    Entry(key: "walk.position", text: "{number} of {count}: ", about: "A question's place in the accessible walk."),
    Entry(
      key: "walk.question_of", text: "Question {number} of {count}",
      about: "A question's place in the guided walk (the rows it asks now, as its opening counts them)."),
    Entry(
      key: "walk.questions", text: "{count} questions", one: "1 question", about: "How many questions the walk asks."),
    Entry(
      key: "walk.refused_answer", text: "(your answer was: {answer}; ↑ brings it back to correct)",
      about: "After a refused answer at a terminal: the line asks again empty; what was typed, and how to get it."),
    Entry(
      key: "walk.refused_answer_brief", text: "Your answer was: {answer}. The up arrow brings it back.",
      about: "walk.refused_answer in the accessible voice."),
    Entry(
      key: "walk.remain", text: "{count} errors remain:", one: "1 error remains:",
      about: "Above the errors in the summary."),
    Entry(key: "walk.required", text: "required", about: "A required row, in the accessible walk."),
    Entry(key: "walk.said", text: "{title}: {value}", about: "An answer said back."),
    Entry(
      key: "walk.start", text: "Guided fill{title}: {questions}.",
      about: "The walk's first line (title: ' of ' and the form's title, or nothing)."),
    Entry(
      key: "walk.start_brief", text: "{title}{questions}. :help for commands.",
      about: "The accessible walk's first line (title: the form's title and ': ', or nothing)."),
    Entry(
      key: "walk.steer", text: "n stops here and leaves the form open; :back goes back",
      about: "How to answer the submit question."),
    Entry(
      key: "walk.steer_paged", text: "n stops here and leaves the form open; :back goes back, :page N to a page",
      about: "walk.steer on a paged form."),
    Entry(
      key: "walk.steer_terminal", text: "N stops here and leaves the form open; :back goes back.",
      about: "walk.steer at a terminal, as a sentence."),
    Entry(
      key: "walk.steer_terminal_paged",
      text: "N stops here and leaves the form open; :back goes back, :page N to a page.",
      about: "walk.steer_terminal on a paged form."),
    Entry(
      key: "walk.stopped", text: "The guided fill stopped; the form is still open. Type next to go on, or a command.",
      about: "The submit question answered no."),
    Entry(key: "walk.submit_prompt", text: "Submit? [Y/n] ", about: "The walk's submit prompt."),
    Entry(key: "walk.submit_prompt_brief", text: "Submit, y or n? ", about: "The accessible walk's submit prompt."),
    Entry(key: "walk.submit_q", text: "Submit? [Y/n]", about: "The submit question, through a pipe."),
    Entry(
      key: "walk.submit_q_brief", text: "Submit? y or n.", about: "The accessible submit question, through a pipe."),
    Entry(
      key: "walk.submit_question", text: "Submit?",
      about: "The submit question, named in the message when a pipe answers it wrongly."),
    Entry(
      key: "walk.submit_steer", text: "Submit? [Y/n] ({steer})",
      about: "The submit question with walk.steer, through a pipe."),
    Entry(key: "walk.summary", text: "Summary:", about: "Above the values at the end of the walk."),
    Entry(
      key: "walk.taken_from", text: "{title}: {value} (taken from \"{typed}\"; :back changes it).",
      about: "A choice made from part of its text, said back."),
    Entry(key: "walk.title", text: "{title}: ", about: "The form's title in walk.start_brief."),
    Entry(key: "walk.type", text: " Type {what}", about: "What to type, in the accessible walk."),
    Entry(key: "walk.type_a", text: " Type a {what}", about: "What to type for a date, in the accessible walk."),
    Entry(
      key: "walk.type_y_or_n", text: "Type y to submit or n to stop here (:back goes back).",
      about: "Another answer to the submit question."),
    Entry(
      key: "walk.type_y_or_n_paged", text: "Type y to submit or n to stop here (:back goes back, :page N to a page).",
      about: "walk.type_y_or_n on a paged form."),
    Entry(key: "walk.which_page", text: "Which page?", about: ":page without a page."),
    Entry(key: "word.no", text: "no", about: "No, as `show N` says it."),
    Entry(key: "word.yes", text: "yes", about: "Yes, as `show N` says it."),
    Entry(
      key: "words.no", text: "n, no", about: "Answers that mean no, comma-separated; English ones are always taken too."
    ),
    Entry(
      key: "words.yes", text: "y, yes",
      about:
        "Answers that mean yes (to the submit question and other yes/no questions), comma-separated; English ones are always taken too."
    ),
  ]
}
