# The two commands: `make run` (set-up, build, the main job on its embedded default) and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
# Debian packages: C libraries for the shims, and the real parts the tests drive (umockdev, ALSA plugins, PulseAudio,
# PipeWire with WirePlumber).
APT_PACKAGES := pkg-config libevdev-dev libasound2-dev libsndfile1-dev zlib1g-dev \
	umockdev evemu-tools alsa-utils libasound2-plugins pulseaudio pulseaudio-utils sox mawk \
	librsvg2-bin chromium python3-gi gir1.2-umockdev-1.0 espeak-ng flac tmux \
	pipewire pipewire-bin wireplumber binutils libdbus-1-dev rtkit polkitd dbus-daemon dbus-bin \
	libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core xvfb
BUILD_FLAGS := -Xswiftc -warnings-as-errors
KAPE := .build/release/kape
PREFIX ?= /usr/local
SHARE = $(DESTDIR)$(PREFIX)/share

.PHONY: run test deps build release install install-files uninstall fuzz bench clean

# PipeWire's ALSA plugin is unpacked from its .deb into .build (Debian 12's pipewire-alsa removes pulseaudio).
deps:
	@scripts/ensure-deps.sh $(APT_PACKAGES)
	@scripts/pipewire-alsa-plugin.sh .build/pipewire-alsa >/dev/null

# The Swift runtime and Foundation linked in (--static-swift-stdlib): the installed kape runs without the toolchain.
release: deps
	$(SWIFT) build -c release --product kape $(BUILD_FLAGS) --static-swift-stdlib

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

# `make install [PREFIX=/usr/local] [DESTDIR=…]`: the binary, the decks, sounds and lessons (PREFIX/share/kape, where
# kape finds them; see README) and the bash, zsh and fish completions.
install: release
	$(MAKE) install-files

# What install copies, without building (KAPE=… names the binary; the tests use it).
install-files:
	install -Dm755 $(KAPE) $(DESTDIR)$(PREFIX)/bin/kape
	rm -rf $(SHARE)/kape/decks $(SHARE)/kape/sounds $(SHARE)/kape/lessons
	mkdir -p $(SHARE)/kape $(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	cp -R decks sounds lessons $(SHARE)/kape/
	chmod -R u+rwX,go+rX $(SHARE)/kape
	$(KAPE) --generate-completion-script bash > $(SHARE)/bash-completion/completions/kape
	$(KAPE) --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_kape
	$(KAPE) --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/kape.fish

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/kape $(SHARE)/kape $(SHARE)/bash-completion/completions/kape \
	  $(SHARE)/zsh/site-functions/_kape $(SHARE)/fish/vendor_completions.d/kape.fish

fuzz: deps
	$(MAKE) -C fuzz run SECONDS=$(or $(SECONDS),60)

bench: deps
	cd bench && $(SWIFT) package benchmark

clean:
	rm -rf .build
