#!/bin/sh
# tui_events.sh: the scenario's events timeline in the dashboard: a mark on
# the History panel's time bar at each event's step (ASCII '!' without
# UTF-8), the next event ahead named under the bar, and the status line
# naming the event the time on screen passes (a seek forward over several
# says how many more); the pause event keeps its own message (TAP).
. "$SRCDIR/tests/tui_lib.sh"

cat >"$tmp/ev.yaml" <<'EOT'
name: Eventful
seed: 7
grid: { kind: goldberg, level: 4 }
plates: { count: 8, min: 4, max: 12 }
events:
  - { step: 3, set: { planet.axial_tilt_deg: 30 } }
  - { step: 5, rift: largest }
  - { step: 7, pause: "Halfway there" }
  - { step: 40, set: { climate.equator_temp_c: 22 }, over_myr: 50 }
EOT
scenario_arg=$tmp/ev.yaml
timebar() { screen | grep -a " time    "; }
# the status line, then the key bar (where a message too long for the
# status line goes) on one line
says() { says_re=$1; until_ok "$2" eval 'screen | sed -n "1p;\$p" | tr "\n" " " | grep -Eq "$says_re"'; }
start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'History · steps 0-0 ' 20 && wait_for '● next step 3: axial_tilt_deg = 30' 5
t $? "under the time bar: the next event ahead (step 3: axial_tilt_deg = 30)"
keys . . . .
says ' step 4 .*event step 3: axial_tilt_deg = 30' 10
t $? "stepping past step 3 names the event in the status line (or the key bar)"
timebar | grep -aq 'time    ━━━●◆ '
t $? "the time bar marks step 3 (━━━●◆): $(timebar)"
wait_for '● next step 5: rift largest plate' 5
t $? "... and the next event ahead is the rift at step 5"
keys Space
# (with the plates that went while playing, the message may be too long
# for the status line and go to the key bar)
says ' step 8 .*paused by the timeline: Halfway there' 20
t $? "the pause event stops play at step 8 with its own message"
timebar | grep -aq 'time    ━━━●━●━●◆ '
t $? "three marks on the bar, at steps 3, 5 and 7: $(timebar)"
wait_for '● next step 40: equator_temp_c' 5
t $? "the next event ahead: step 40, ramped"
keys '{'
wait_for ' step 0 ' 10
timebar | grep -aq 'time    ◆──●─●─●─ '
t $? "at step 0 the marks stay, ahead of the cursor: $(timebar)"
keys '}'
says ' step 8 .*event step 5: rift largest plate \(and 1 more\)' 10
t $? "a seek forward over two events names the last and counts the other"
keys '?'
wait_for 'Help: keys' 5 && keys NPage NPage NPage
wait_for 'time bar +scenario events as red dots \(! in ASCII\)' 5
t $? "the help explains the marks"
keys q q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# without UTF-8 the marks are '!'
start 120 40 xterm-256color C -- --paused --max-kbps 0
wait_for 'History - steps 0-0 ' 20
keys . . . .
wait_for ' step 4 ' 10 && wait_for ' time    ===!# ' 5
t $? "ASCII: the time bar marks step 3 with ! (===!#)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
