# The two commands: `make run` (set-up, build, the main job on its embedded default) and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
# Debian packages: C libraries for the shims, and the real parts the tests drive (umockdev, ALSA plugins, PulseAudio,
# PipeWire with WirePlumber).
APT_PACKAGES := pkg-config libevdev-dev libasound2-dev libsndfile1-dev \
	umockdev evemu-tools alsa-utils libasound2-plugins pulseaudio pulseaudio-utils sox mawk \
	librsvg2-bin chromium python3-gi gir1.2-umockdev-1.0 espeak-ng flac tmux \
	pipewire pipewire-bin wireplumber
BUILD_FLAGS := -Xswiftc -warnings-as-errors
KAPE := .build/release/kape

.PHONY: run test deps build release fuzz bench clean

# PipeWire's ALSA plugin is unpacked from its .deb into .build (Debian 12's pipewire-alsa removes pulseaudio).
deps:
	@scripts/ensure-deps.sh $(APT_PACKAGES)
	@scripts/pipewire-alsa-plugin.sh .build/pipewire-alsa >/dev/null

release: deps
	$(SWIFT) build -c release --product kape $(BUILD_FLAGS)

# The demo round's gestures, then the game: full screen on a terminal (first motion device, else the keyboard;
# sound to the default device, else a WAV file). Without a terminal (CI, a pipe) it must not wait for a player:
# the demo round is played headless instead, its sound written to a WAV file.
run: release
	$(KAPE) replay traces/demo-round.evemu
	@if [ -t 0 ] && [ -t 1 ]; then $(KAPE) play; \
	else $(KAPE) play --deck mix-shqip --trace traces/demo-round.evemu --headless --seed 7 --device wav:$${TMPDIR:-/tmp}/kape-demo-round.wav \
	  && echo "kape: no terminal: played the demo round headless, sound in $${TMPDIR:-/tmp}/kape-demo-round.wav"; fi

test: deps release
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	KAPE_BIN=$(CURDIR)/$(KAPE) $(SWIFT) test --skip-build 2>&1 | tee .build/test.log; exit $${PIPESTATUS[0]}

fuzz: deps
	$(MAKE) -C fuzz run SECONDS=$(or $(SECONDS),60)

bench: deps
	cd bench && $(SWIFT) package benchmark

clean:
	rm -rf .build
