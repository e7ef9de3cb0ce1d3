# The two commands: `make run` (set-up, build, the main job on its embedded default) and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
# Debian packages, in three sets. Build: the C libraries' -dev packages (pkg-config finds them) and binutils (strip).
# Run time: what the installed binary links (also what `make deb` declares; dpkg-shlibdeps works it out, a test
# checks both agree) and the words' data (FreeDict German–English, Hunspell's German). Test: the real parts the
# tests drive (umockdev, ALSA plugins, PulseAudio, PipeWire with WirePlumber, tmux …) and dpkg-dev for the package.
# `make install` and `make run` need the first two only.
BUILD_PACKAGES := pkg-config libevdev-dev libasound2-dev libsndfile1-dev zlib1g-dev libdbus-1-dev nettle-dev binutils \
	libhunspell-dev libespeak-ng-dev libuchardet-dev libsdl2-dev libsdl2-ttf-dev
RUNTIME_PACKAGES := libevdev2 libasound2 libsndfile1 zlib1g libdbus-1-3 libnettle8 libhogweed6 \
	libhunspell-1.7-0 libespeak-ng1 libuchardet0 libsdl2-2.0-0 libsdl2-ttf-2.0-0 dict-freedict-deu-eng hunspell-de-de \
	fonts-dejavu-core
TEST_PACKAGES := umockdev evemu-tools alsa-utils libasound2-plugins pulseaudio pulseaudio-utils sox mawk \
	librsvg2-bin chromium python3-gi gir1.2-umockdev-1.0 espeak-ng flac tmux \
	pipewire pipewire-bin wireplumber rtkit polkitd dbus-daemon dbus-bin dpkg-dev xvfb
BUILD_FLAGS := -Xswiftc -warnings-as-errors
KAPE := .build/release/kape
PREFIX ?= /usr/local
SHARE = $(DESTDIR)$(PREFIX)/share
STRIP ?= strip
VERSION := $(shell sed -n 's/^let kapeVersion = "\(.*\)"/\1/p' Sources/CLI/KapeCLI/Version.swift)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB_ROOT ?= $(CURDIR)/.build/deb/kape
DEB ?= .build/kape_$(VERSION)_$(DEB_ARCH).deb
DEB_COMPRESSION ?= xz
# udev reads rules from /etc (and /usr/lib), never from PREFIX: the IIO access rule goes there.
UDEV_RULES ?= /etc/udev/rules.d

.PHONY: run test deps deps-build build release install install-files uninstall deb deb-files fuzz bench clean

# What building and running need; nothing a test needs.
deps-build:
	@scripts/ensure-deps.sh $(BUILD_PACKAGES) $(RUNTIME_PACKAGES)

# Everything, for the tests. PipeWire's ALSA plugin is unpacked from its .deb into .build (Debian 12's
# pipewire-alsa removes pulseaudio, so it is never installed).
deps: deps-build
	@scripts/ensure-deps.sh $(TEST_PACKAGES)
	@scripts/pipewire-alsa-plugin.sh .build/pipewire-alsa >/dev/null

# The Swift runtime and Foundation linked in (--static-swift-stdlib): the installed kape runs without the toolchain.
release: deps-build
	$(SWIFT) build -c release --product kape $(BUILD_FLAGS) --static-swift-stdlib

# The demo round's gestures, then the game: full screen on a terminal (first motion device, else the keyboard;
# sound to the default device, else a WAV file). Without a terminal (CI, a pipe) it must not wait for a player:
# the demo round is played headless instead, its sound written to a WAV file.
run: release
	$(KAPE) replay traces/demo-round.evemu
	@if [ -t 0 ] && [ -t 1 ]; then $(KAPE) play; \
	else $(KAPE) play --deck mix-shqip --trace traces/demo-round.evemu --headless --seed 7 --device wav:$${TMPDIR:-/tmp}/kape-demo-round.wav \
	  && echo "kape: no terminal: played the demo round headless, sound in $${TMPDIR:-/tmp}/kape-demo-round.wav"; fi

# The tests run in three processes side by side (scripts/run-tests.sh): most wait on real-time children.
test: deps release
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	KAPE_BIN=$(CURDIR)/$(KAPE) SWIFT=$(SWIFT) scripts/run-tests.sh

# `make install [PREFIX=/usr/local] [DESTDIR=…]`: the binary, the decks, sounds and lessons (PREFIX/share/kape, where
# kape finds them; see README) and the bash, zsh and fish completions.
install: release
	$(MAKE) install-files

# What install copies, without building (KAPE=… names the binary; the tests use it). The binary is stripped of
# its symbol tables (84 → 62 MB); Swift's reflection metadata stays.
install-files:
	install -Dm755 -s --strip-program=$(STRIP) $(KAPE) $(DESTDIR)$(PREFIX)/bin/kape
	rm -rf $(SHARE)/kape/decks $(SHARE)/kape/sounds $(SHARE)/kape/lessons
	mkdir -p $(SHARE)/kape $(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	cp -R decks sounds lessons $(SHARE)/kape/
	chmod -R u+rwX,go+rX $(SHARE)/kape
	$(KAPE) --generate-completion-script bash > $(SHARE)/bash-completion/completions/kape
	$(KAPE) --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_kape
	$(KAPE) --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/kape.fish
	@# The IIO motion sensors' nodes for the seated user (TAG+="uaccess"); without the right to add it (a user's
	@# own PREFIX), say how.
	@if mkdir -p $(DESTDIR)$(UDEV_RULES) 2>/dev/null && install -m644 udev/70-kape-iio.rules $(DESTDIR)$(UDEV_RULES)/ 2>/dev/null; then \
	  if [ -z "$(DESTDIR)" ] && command -v udevadm >/dev/null; then udevadm control --reload 2>/dev/null && udevadm trigger --subsystem-match=iio --action=change 2>/dev/null || true; fi; \
	else echo "kape: $(UDEV_RULES) is not writable: for IIO sensors (phones, tablets), run: sudo install -m644 udev/70-kape-iio.rules $(UDEV_RULES)/"; fi

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/kape $(SHARE)/kape $(SHARE)/bash-completion/completions/kape \
	  $(SHARE)/zsh/site-functions/_kape $(SHARE)/fish/vendor_completions.d/kape.fish
	-rm -f $(DESTDIR)$(UDEV_RULES)/70-kape-iio.rules

# `make deb`: a Debian package of what install puts under /usr, its Depends worked out by dpkg-shlibdeps from the
# libraries the binary links; `apt install ./.build/kape_*.deb` installs it with them.
deb: release
	@scripts/ensure-deps.sh dpkg-dev
	$(MAKE) deb-files

# The package from an existing binary (KAPE=…, DEB=… name the input and output; the tests use them).
deb-files:
	rm -rf $(DEB_ROOT)
	$(MAKE) install-files DESTDIR=$(DEB_ROOT) PREFIX=/usr
	mkdir -p $(DEB_ROOT)/DEBIAN
	scripts/deb-control.sh $(DEB_ROOT) $(VERSION) $(DEB_ARCH) > $(DEB_ROOT)/DEBIAN/control
	dpkg-deb --root-owner-group -Z$(DEB_COMPRESSION) --build $(DEB_ROOT) $(DEB) >/dev/null
	@echo "$(DEB)"

fuzz: deps
	$(MAKE) -C fuzz run SECONDS=$(or $(SECONDS),60)

bench: deps
	cd bench && $(SWIFT) package benchmark

clean:
	rm -rf .build
