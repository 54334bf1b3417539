/* screen.c: terminal set-up, colour capability detection, signals.
 *
 * Order of set-up follows htop's CRT_init: locale, terminal, cbreak/noecho,
 * keypad, mouse, cursor off, then colours only if the terminal has them
 * (alloc_pair crashes on a terminal without colours). We install no SIGWINCH
 * handler: ncurses' own turns a resize into KEY_RESIZE. */
#include "tui/screen.h"

#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <curses.h>
#include <term.h>

#include "base/err.h"
#include "io/outfile.h"

extern char **environ;

static volatile sig_atomic_t pending_signal;
static volatile sig_atomic_t screen_up;
static SCREEN *scr;

static void on_quit_signal(int sig)
{
	pending_signal = sig;
}

/* Any other signal whose default action ends the process (a crash, Ctrl-\,
 * SIGUSR1, a timer): give the terminal back before the core dump or message.
 * endwin is not async-signal-safe, but the process is dying anyway and a
 * shell left in raw mode, on the alternate screen, with mouse tracking on, is
 * worse (htop does the same). The mouse modes are switched off by plain
 * write()s first, in case endwin does not get that far. */
static void on_fatal_signal(int sig)
{
	outfile_remove_temps();    /* a save or export cut short leaves nothing */
	if (screen_up) {
		screen_up = 0;
		static const char mouse_off[] = "\033[?1000l\033[?1002l\033[?1003l\033[?1006l";
		ssize_t r = write(STDOUT_FILENO, mouse_off, sizeof mouse_off - 1);
		(void)r;
		endwin();
	}
	static const char m[] = "tectonica: fatal signal, terminal restored\n";
	ssize_t r = write(STDERR_FILENO, m, sizeof m - 1);
	(void)r;
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Signals that end the process by default and are not handled as a request
 * to quit (SIGINT, SIGTERM, SIGHUP) or ignored (SIGPIPE). */
static const int fatal_signals[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS, SIGQUIT, SIGUSR1,
	SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
};

void screen_signals_install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a signal must interrupt poll() so the loop sees it */
	sa.sa_handler = on_quit_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
		sigaction(fatal_signals[i], &sa, NULL);
	/* a dead SSH link must not kill us mid-write before we restore */
	signal(SIGPIPE, SIG_IGN);
}

int screen_signal_pending(void)
{
	return pending_signal;
}

static color_depth detect_depth(screen_caps *c)
{
	const char *nc = getenv("NO_COLOR");
	c->no_color_env = nc && *nc;
	if (c->no_color_env || !has_colors())
		return COLOR_MONO;
	if (start_color() != OK)
		return COLOR_MONO;
	use_default_colors();
	c->colors = COLORS;
	c->pairs = COLOR_PAIRS;
	/* ncurses reports 2^24 colours for terminfo entries with the RGB flag */
	if (COLORS >= 0x1000000)
		return COLOR_DIRECT;
	if (COLORS >= 256 && COLOR_PAIRS >= 256)
		return COLOR_256;
	if (COLORS >= 8 && COLOR_PAIRS >= 16)
		return COLOR_8;
	return COLOR_MONO;
}

/* Direct colour announced by the environment: terminals and tmux set
 * COLORTERM=truecolor (or 24bit) while keeping TERM=xterm-256color, whose
 * terminfo entry has no RGB flag, and Debian ships xterm-direct only in an
 * optional package. Only terminfo can make ncurses send 38;2 sequences, so
 * a private entry is compiled with tic: TERM's own, plus RGB and the 24-bit
 * setaf/setab. */
static bool colorterm_direct(void)
{
	const char *ct = getenv("COLORTERM");
	return ct && (!strcmp(ct, "truecolor") || !strcmp(ct, "24bit"));
}

static const char direct_name[] = "tectonica-direct";

/* Compile the private entry into a new folder under TMPDIR; fills dir.
 * false when tic is missing or fails (then the terminal keeps its colours). */
static bool make_direct_entry(const char *term, char *dir, size_t n)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, n, "%s/tectonica-ti.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return false;
	char src[4096 + 64];
	snprintf(src, sizeof src, "%s/direct.src", dir);
	FILE *f = fopen(src, "w");
	if (!f) {
		rmdir(dir);
		return false;
	}
	fprintf(f, "%s|%s with 24-bit colour (COLORTERM),\n"
	        "\tRGB, colors#0x1000000, pairs#0x10000,\n"
	        "\tinitc@, initp@, ccc@, oc@, setb@, setf@,\n"
	        "\tsetaf=\\E[38;2;%%p1%%{65536}%%/%%d;%%p1%%{256}%%/%%{255}%%&%%d;%%p1%%{255}%%&%%dm,\n"
	        "\tsetab=\\E[48;2;%%p1%%{65536}%%/%%d;%%p1%%{256}%%/%%{255}%%&%%d;%%p1%%{255}%%&%%dm,\n"
	        "\tuse=%s,\n", direct_name, term, term);
	bool ok = fclose(f) == 0;
	if (ok) {
		pid_t pid;
		char *argv[] = {"tic", "-x", "-o", dir, src, NULL};
		posix_spawn_file_actions_t fa;
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
		posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
		int st = 0;
		ok = posix_spawnp(&pid, "tic", &fa, NULL, argv, environ) == 0
		     && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
		posix_spawn_file_actions_destroy(&fa);
	}
	unlink(src);
	return ok;
}

/* Remove the private entry once ncurses has read it. */
static void remove_direct_entry(const char *dir)
{
	char path[4096 + 64];
	snprintf(path, sizeof path, "%s/t/%s", dir, direct_name);
	unlink(path);
	snprintf(path, sizeof path, "%s/74/%s", dir, direct_name);
	unlink(path);
	snprintf(path, sizeof path, "%s/t", dir);
	rmdir(path);
	snprintf(path, sizeof path, "%s/74", dir);
	rmdir(path);
	rmdir(dir);
}

/* A terminal with a palette but no RGB flag, when COLORTERM asks for more */
static bool wants_direct_entry(void)
{
	const char *nc = getenv("NO_COLOR");
	if ((nc && *nc) || !colorterm_direct())
		return false;
	int e = 0;
	if (setupterm(NULL, STDOUT_FILENO, &e) != OK)
		return false;
	bool want = tigetnum("colors") >= 8 && tigetflag("RGB") <= 0;
	del_curterm(cur_term);
	return want;
}

/* Whether TERM names a terminal with cursor addressing: "dumb" and other
 * printing terminals would draw the dashboard as one scrolling line. Unknown
 * types pass here and fail in newterm with their own message. */
static bool can_address_cursor(void)
{
	int e = 0;
	if (setupterm(NULL, STDOUT_FILENO, &e) != OK)
		return true;
	const char *cup = tigetstr("cup");
	bool ok = cup && cup != (const char *)-1 && tigetflag("hc") <= 0;
	del_curterm(cur_term);
	return ok;
}

int screen_init(screen_caps *caps, bool want_mouse, char *err, size_t errlen)
{
	memset(caps, 0, sizeof *caps);
	setlocale(LC_ALL, "");
	const char *cs = nl_langinfo(CODESET);
	caps->utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errlen, "the dashboard needs a terminal (try `tectonica run`)");
		return -1;
	}
	/* short escape delay: Esc cancels editing without a visible lag */
	if (!getenv("ESCDELAY"))
		set_escdelay(25);
	const char *t = getenv("TERM");
	if (!can_address_cursor()) {
		snprintf(err, errlen, "terminal type '%s' cannot move the cursor; the dashboard "
		         "needs one that can (try `tectonica run`)", t && *t ? t : "(unset)");
		return -1;
	}
	scr = NULL;
	char dir[4096];
	if (t && *t && strlen(t) < 256 && wants_direct_entry() && make_direct_entry(t, dir, sizeof dir)) {
		/* ncurses reads the entry here and keeps it in memory */
		const char *old = getenv("TERMINFO");
		char *keep = old ? strdup(old) : NULL;
		setenv("TERMINFO", dir, 1);
		scr = newterm(direct_name, stdout, stdin);
		if (keep)
			setenv("TERMINFO", keep, 1);
		else
			unsetenv("TERMINFO");
		free(keep);
		remove_direct_entry(dir);
	}
	if (!scr)
		scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		snprintf(err, errlen, "cannot use terminal type '%s'", t ? t : "(unset)");
		return -1;
	}
	set_term(scr);
	screen_up = 1;
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	caps->depth = detect_depth(caps);
	/* the half block carries two pixels only with two colours to paint */
	caps->halfblock = caps->utf8 && caps->depth >= COLOR_256;
	if (want_mouse) {
		mmask_t got = mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED
		                        | BUTTON5_PRESSED, NULL);
		mouseinterval(0);
		caps->mouse = got != 0;
	}
	return 0;
}

void screen_done(void)
{
	if (!screen_up)
		return;
	screen_up = 0;
	if (scr) {
		mousemask(0, NULL);
		curs_set(1);
		endwin();
		delscreen(scr);
		scr = NULL;
	}
}

void screen_fatal(const char *fmt, ...)
{
	screen_done();
	va_list ap;
	va_start(ap, fmt);
	err_vprint(fmt, ap);
	va_end(ap);
	exit(1);
}
