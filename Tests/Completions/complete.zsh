# zsh complete.zsh FPATH FOLDER LINE: the words zsh's Tab lists for LINE,
# typed in an interactive zsh (in a pseudo-terminal, zpty) whose $fpath
# starts with FPATH, in FOLDER. Prints them on one line.
setopt extendedglob
zmodload zsh/zpty || exit 2
fpath_dir=$1 folder=$2 line=$3
zpty z 'zsh -f -i'
zpty -w z "PS1='> '; TERM=dumb; fpath=(${(q)fpath_dir} \$fpath); autoload -U compinit; compinit -u -D; cd ${(q)folder}"
# one candidate a line, no menu, no prompt to see more
zpty -w z "zstyle ':completion:*' list-prompt ''; zstyle ':completion:*' list-packed false; setopt listrowsfirst; unsetopt listambiguous alwayslastprompt; LISTMAX=0; print -r READY"
zpty -r z ready '*READY*'
zpty -n -w z "$line"$'\t'
# what Tab lists, until zsh stops writing; then a marker line to end on
out=""
for i in {1..40}; do
  if zpty -r -t z chunk; then out+=$chunk; else sleep 0.1; [[ -n $out ]] && (( i > 10 )) && break; fi
done
zpty -d z
out=${out//$'\r'/}
out=${out//$'\e'\[[0-9;?]#[a-zA-Z]/}
print -r -- ${(f)out} | tr '\n' ' ' | tr -s ' '
