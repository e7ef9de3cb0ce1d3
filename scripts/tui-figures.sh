#!/usr/bin/env bash
# Figures for the game's terminal UI, under tmux: launch → deck browser on screen (median of N runs), and the peak
# RSS (VmHWM) of `kape play` during a round. Usage: scripts/tui-figures.sh [RUNS]
set -euo pipefail
KAPE=${KAPE:-$(pwd)/.build/release/kape}
RUNS=${1:-10}
DATA=$(mktemp -d)
SOCK=kape-fig-$$
trap 'tmux -L $SOCK kill-server 2>/dev/null || true; rm -rf "$DATA"' EXIT
tmux -u -L $SOCK -f /dev/null new-session -d -s k -x 100 -y 30 "env PS1='$ ' bash --norc --noprofile"
wait_for() {  # poll the pane for a string
  until tmux -u -L $SOCK capture-pane -p -t k | grep -q "$1"; do sleep 0.002; done
}
wait_gone() {
  while tmux -u -L $SOCK capture-pane -p -t k | grep -q "$1"; do sleep 0.002; done
}
times=()
for _ in $(seq "$RUNS"); do
  tmux -L $SOCK send-keys -t k "clear" Enter
  start=$(date +%s%N)
  tmux -L $SOCK send-keys -t k "XDG_DATA_HOME=$DATA $KAPE play --keyboard 2>/dev/null" Enter
  wait_for "Zgjidh një dek"
  times+=($(( ($(date +%s%N) - start) / 1000 )))
  tmux -L $SOCK send-keys -t k q
  until [ "$(tmux -L $SOCK display -p -t k '#{alternate_on}')" = 0 ]; do sleep 0.002; done
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {m = NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2;
  printf "launch to deck browser: median %.1f ms (min %.1f, max %.1f, %d runs)\n", m/1000, a[1]/1000, a[NR]/1000, NR}'

# A round with answers, then the peak RSS of the game process (the pane's shell's child).
tmux -L $SOCK send-keys -t k "clear; XDG_DATA_HOME=$DATA $KAPE play --keyboard --deck mix-shqip" Enter
wait_for "Pikë: 0"
wait_gone "Vendose"  # answers count only after the countdown
for _ in 1 2 3 4 5; do tmux -L $SOCK send-keys -t k Down; done
wait_for "Pikë: 5"
shell=$(tmux -L $SOCK display -p -t k '#{pane_pid}')
game=$(cat /proc/"$shell"/task/*/children | awk '{print $1}')
grep -E 'VmHWM|VmRSS' /proc/"$game"/status | tr -s ' \t' ' ' | sed 's/^/during a round: /'
tmux -L $SOCK send-keys -t k q  # q in a round asks: p leaves it, q in the browser quits
wait_for "Ta lësh raundin"
tmux -L $SOCK send-keys -t k p
wait_for "Zgjidh"
tmux -L $SOCK send-keys -t k q
