#!/bin/sh
# Prints the unlock code of a VIP deck: DECK-ID.SIGNATURE, an Ed25519 signature over the deck id (unpadded
# base64url). KEY is the publisher's private key (PEM; `openssl genpkey -algorithm ed25519 -out KEY`), which never
# goes into the repository; its public half is UnlockCode.publicKey (openssl pkey -in KEY -pubout -outform DER |
# tail -c 32 | xxd -i).
#   scripts/vip-code.sh KEY DECK-ID
set -eu
key=${1:?usage: vip-code.sh KEY DECK-ID}
deck=${2:?usage: vip-code.sh KEY DECK-ID}
message=$(mktemp)
trap 'rm -f "$message"' EXIT
printf '%s' "$deck" > "$message"
printf '%s.' "$deck"
openssl pkeyutl -sign -inkey "$key" -rawin -in "$message" | base64 -w0 | tr '+/' '-_' | tr -d '='
echo
