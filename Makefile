# Install settings-l10n with its shell completions and manual page:
#   make install PREFIX=/usr/local        (or PREFIX=$HOME/.local)
#   make uninstall PREFIX=/usr/local
# The release artifacts (the Linux tarball and the artifact bundle, with their SHA-256) in dist/:
#   make dist
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
TOOL = .build/release/settings-l10n
MANUAL_DIR = .build/manual
MANUAL = $(MANUAL_DIR)/settings-l10n.1

# On Linux the binary carries the Swift runtime (it starts in 2-5 ms instead of 10-20, which
# counts in an Xcode build phase) and is linked by lld (GNU ld warns about Foundation's
# internals). macOS links the runtime from the system.
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS = --static-swift-stdlib -Xswiftc -use-ld=lld
endif

.PHONY: release manual build install uninstall dist

# Linked every time: SwiftPM does not relink when only the link flags changed, and a release
# build without them (swift build -c release) leaves its binary in the same place.
release:
	rm -f $(TOOL) .build/*-linux-gnu/release/settings-l10n
	swift build -c release --product settings-l10n $(RELEASE_FLAGS)

# The manual page of the release binary, by argument-parser's generate-manual (built in debug: it
# is small). Not `swift package generate-manual`: that plugin builds the whole package in release
# again without the flags above, which then makes the next `make release` compile everything again.
manual: release
	swift build --product generate-manual
	mkdir -p $(MANUAL_DIR)
	"$$(swift build --show-bin-path)/generate-manual" $(TOOL) --output-directory $(MANUAL_DIR)
	# argument-parser writes a generic EXIT STATUS (.Ex -std): the contract's statuses replace it,
	# with ENVIRONMENT, FILES and EXAMPLES around it (docs/*.mdoc).
	scripts/finish-manual "$(MANUAL)"

build: manual

install: build
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$(TOOL)" "$(BINDIR)/settings-l10n"
	install -m 644 "$(MANUAL)" "$(MANDIR)/settings-l10n.1"
	"$(TOOL)" --generate-completion-script bash > "$(BASHDIR)/settings-l10n"
	"$(TOOL)" --generate-completion-script zsh > "$(ZSHDIR)/_settings-l10n"
	"$(TOOL)" --generate-completion-script fish > "$(FISHDIR)/settings-l10n.fish"

uninstall:
	rm -f "$(BINDIR)/settings-l10n" "$(MANDIR)/settings-l10n.1" "$(BASHDIR)/settings-l10n" \
	      "$(ZSHDIR)/_settings-l10n" "$(FISHDIR)/settings-l10n.fish"

# scripts/release --dist: the version checks, then both artifacts (it builds them with `make build`).
dist:
	scripts/release --dist dist
