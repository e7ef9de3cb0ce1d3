#!/usr/bin/env bash
# Builds the German listening lessons under lessons/ with espeak-ng, one phrase at a time, so every cue's start
# and end are exact (sample counts, not alignment). Needs espeak-ng and sox (with Ogg Vorbis).
# Usage: scripts/make-lessons.sh [OUTDIR]   (default: lessons)
set -euo pipefail
out=${1:-lessons}
rate=16000          # speech needs no more; keeps the repo small
gap=0.7             # seconds of silence after each phrase (time to repeat it)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# make_lesson ID TITLE CATEGORY LEVEL DESCRIPTION SPEED  then lines "voice|speaker|text" on stdin
make_lesson() {
  local id=$1 title=$2 category=$3 level=$4 description=$5 speed=$6
  local dir="$out/$id"; mkdir -p "$dir"
  local vtt="$dir/transcript.vtt" n=0 at=0 parts=()
  printf 'WEBVTT - %s\n\nNOTE Made by scripts/make-lessons.sh with espeak-ng; times are exact.\n' "$title" > "$vtt"
  while IFS='|' read -r voice speaker text; do
    [ -z "$text" ] && continue
    n=$((n + 1))
    espeak-ng -v "$voice" -s "$speed" -w "$work/raw.wav" "$text"
    # Trim espeak's own leading/trailing silence, resample, then add the pause.
    sox "$work/raw.wav" -r $rate -c 1 -b 16 "$work/p$n.wav" silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse norm -1
    local frames; frames=$(soxi -s "$work/p$n.wav")
    sox -n -r $rate -c 1 -b 16 "$work/g$n.wav" trim 0 $gap
    local gapframes; gapframes=$(soxi -s "$work/g$n.wav")
    local start=$at end=$((at + frames))
    printf '\n%s\n%s --> %s\n<v %s>%s\n' "$id-$n" "$(stamp $start)" "$(stamp $end)" "$speaker" "$(escape "$text")" >> "$vtt"
    at=$((end + gapframes))
    parts+=("$work/p$n.wav" "$work/g$n.wav")
  done
  sox "${parts[@]}" -C 0 "$dir/audio.ogg"
  printf '{\n  "id": "%s",\n  "title": "%s",\n  "category": "%s",\n  "level": "%s",\n  "description": "%s"\n}\n' \
    "$id" "$title" "$category" "$level" "$description" > "$dir/lesson.json"
  echo "$dir: $n cues, $(awk "BEGIN{printf \"%.1f\", $at/$rate}") s"
}

# hh:mm:ss.mmm of a frame count (integer arithmetic: exact to the millisecond).
stamp() {
  local ms=$(( ($1 * 1000 + rate / 2) / rate ))
  printf '%02d:%02d:%02d.%03d' $((ms / 3600000)) $((ms / 60000 % 60)) $((ms / 1000 % 60)) $((ms % 1000))
}
escape() { local s=${1//&/&amp;}; s=${s//</&lt;}; printf '%s' "${s//>/&gt;}"; }

make_lesson cafe-bestellen "Im Café bestellen" "Essen und Trinken" beginner \
  "Ein Gast bestellt Kaffee und Kuchen und bezahlt." 135 <<'LINES'
de+m3|Kellner|Guten Morgen! Was darf ich Ihnen bringen?
de+f3|Gast|Guten Morgen. Ich hätte gern einen Kaffee, bitte.
de+m3|Kellner|Mit Milch und Zucker?
de+f3|Gast|Nur mit Milch, bitte. Ohne Zucker.
de+m3|Kellner|Gern. Möchten Sie auch etwas essen?
de+f3|Gast|Ja. Haben Sie Kuchen?
de+m3|Kellner|Wir haben Apfelkuchen und Käsekuchen.
de+f3|Gast|Dann nehme ich ein Stück Apfelkuchen.
de+m3|Kellner|Mit Sahne?
de+f3|Gast|Ja, gern, mit Sahne.
de+m3|Kellner|Sehr gut. Kommt sofort.
de+f3|Gast|Entschuldigung, wo ist die Toilette?
de+m3|Kellner|Die Toilette ist hinten links, neben der Treppe.
de+f3|Gast|Danke schön.
de+m3|Kellner|So, einmal Kaffee mit Milch und einmal Apfelkuchen mit Sahne.
de+f3|Gast|Vielen Dank. Das sieht lecker aus.
de+m3|Kellner|Guten Appetit!
de+f3|Gast|Ich möchte bitte bezahlen.
de+m3|Kellner|Zusammen sieben Euro achtzig.
de+f3|Gast|Hier sind zehn Euro. Stimmt so.
de+m3|Kellner|Vielen Dank! Einen schönen Tag noch.
de+f3|Gast|Danke, Ihnen auch. Auf Wiedersehen!
LINES

make_lesson beim-baecker "Beim Bäcker" "Einkaufen" beginner \
  "Brötchen, Brot und eine Brezel: einkaufen am Morgen." 135 <<'LINES'
de+m3|Verkäufer|Hallo, wer ist der Nächste?
de+f3|Kundin|Ich, bitte. Ich möchte sechs Brötchen.
de+m3|Verkäufer|Normale Brötchen oder Vollkornbrötchen?
de+f3|Kundin|Vier normale und zwei Vollkornbrötchen, bitte.
de+m3|Verkäufer|Gern. Sonst noch etwas?
de+f3|Kundin|Ja, ein Brot. Welches Brot empfehlen Sie?
de+m3|Verkäufer|Das Roggenbrot ist heute ganz frisch.
de+f3|Kundin|Gut, dann ein Roggenbrot. Können Sie es schneiden?
de+m3|Verkäufer|Natürlich. Dünn oder dick?
de+f3|Kundin|Bitte dünn.
de+m3|Verkäufer|Möchten Sie auch eine Brezel? Die sind noch warm.
de+f3|Kundin|Oh ja, eine Brezel für meinen Sohn.
de+m3|Verkäufer|Brauchen Sie eine Tüte?
de+f3|Kundin|Nein danke, ich habe eine Tasche dabei.
de+m3|Verkäufer|Das macht zusammen sechs Euro zwanzig.
de+f3|Kundin|Kann ich mit Karte bezahlen?
de+m3|Verkäufer|Ja, natürlich. Halten Sie die Karte einfach hier an das Gerät.
de+f3|Kundin|So, bitte.
de+m3|Verkäufer|Danke. Hier ist Ihr Bon.
de+f3|Kundin|Danke, schönes Wochenende!
de+m3|Verkäufer|Ebenfalls, tschüss!
LINES

make_lesson nach-dem-weg "Nach dem Weg fragen" "Unterwegs" experienced \
  "Eine Touristin fragt nach dem Weg zum Bahnhof und zur Post." 150 <<'LINES'
de+f3|Touristin|Entschuldigen Sie bitte, können Sie mir helfen?
de+m3|Passant|Ja, gern. Worum geht es?
de+f3|Touristin|Ich suche den Hauptbahnhof. Ist das weit von hier?
de+m3|Passant|Zu Fuß sind es ungefähr fünfzehn Minuten.
de+f3|Touristin|Können Sie mir den Weg beschreiben?
de+m3|Passant|Gehen Sie hier geradeaus bis zur großen Kreuzung.
de+m3|Passant|Dort biegen Sie rechts ab und gehen über die Brücke.
de+m3|Passant|Nach der Brücke sehen Sie schon den Bahnhof auf der linken Seite.
de+f3|Touristin|Also geradeaus, dann rechts und über die Brücke.
de+m3|Passant|Genau. Oder Sie nehmen die Straßenbahn, Linie vier.
de+f3|Touristin|Wo ist die Haltestelle?
de+m3|Passant|Gleich dort drüben, vor der Apotheke.
de+f3|Touristin|Und wie oft fährt die Straßenbahn?
de+m3|Passant|Alle zehn Minuten, am Wochenende etwas seltener.
de+f3|Touristin|Gibt es in der Nähe vom Bahnhof auch eine Post?
de+m3|Passant|Ja, die Post ist direkt gegenüber vom Haupteingang.
de+f3|Touristin|Wissen Sie, bis wann die Post geöffnet hat?
de+m3|Passant|Ich glaube, bis achtzehn Uhr, aber samstags nur bis mittags.
de+f3|Touristin|Vielen Dank, das war sehr nett von Ihnen.
de+m3|Passant|Keine Ursache. Gute Reise!
LINES
