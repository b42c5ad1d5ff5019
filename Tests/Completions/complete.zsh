# zsh complete.zsh FPATH FOLDER LINE...: the words zsh's Tab lists for each
# LINE, typed in one interactive zsh (in a pseudo-terminal, zpty) whose
# $fpath starts with FPATH, in FOLDER. Prints them on one line per LINE.
setopt extendedglob
zmodload zsh/zpty || exit 2
fpath_dir=$1 folder=$2
shift 2
zpty z 'zsh -f -i'
zpty -w z "PS1='> '; TERM=dumb; fpath=(${(q)fpath_dir} \$fpath); autoload -U compinit; compinit -u -D; cd ${(q)folder}"
# one candidate a line, no menu, no prompt to see more; the marker's echo
# ("REA""DY") is not the marker
zpty -w z "zstyle ':completion:*' list-prompt ''; zstyle ':completion:*' list-packed false; setopt listrowsfirst; unsetopt listambiguous alwayslastprompt; LISTMAX=0; print -r REA\"\"DY"
zpty -r z ready '*READY*'
for line in "$@"; do
  zpty -n -w z "$line"$'\t'
  # Tab's list is written before zsh reads the next key: then the line is
  # killed (Ctrl-U) and a marker printed
  out=""
  zpty -n -w z $'\025print -r END""MARK\n'
  zpty -r z out '*ENDMARK*'
  out=${out//$'\r'/}
  out=${out//$'\e'\[[0-9;?]#[a-zA-Z]/}
  print -r -- ${(f)out} | tr '\n' ' ' | tr -s ' '
  print
done
zpty -d z
