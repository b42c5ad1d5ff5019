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
# each line is typed only at a prompt: keys typed before zsh's line editor
# reads them are the terminal's (echoed, a Tab no completion)
zpty -r z ready '*> '
for line in "$@"; do
  zpty -n -w z "$line"$'\t'
  # zsh draws no list while keys wait to be read: the next keys go only once
  # the list has begun (a line break after the echoed line; 10 s at most)
  out="" chunk=""
  integer deadline=$(( SECONDS + 10 ))
  while [[ $out != *$'\n'* ]] && (( SECONDS < deadline )); do
    if zpty -r -t z chunk; then out+=$chunk; else sleep 0.05; fi
  done
  # then the rest of the list, the line killed (Ctrl-U) and a marker printed
  zpty -n -w z $'\025print -r END""MARK\n'
  zpty -r z chunk '*ENDMARK*'
  out+=$chunk
  zpty -r z ready '*> '
  out=${out//$'\r'/}
  out=${out//$'\e'\[[0-9;?]#[a-zA-Z]/}
  print -r -- ${(f)out} | tr '\n' ' ' | tr -s ' '
  print
done
zpty -d z
