mod cli;

fn main() {
    // `workgroup ... | head` ends quietly when the reader closes the pipe, as Unix tools do,
    // instead of panicking in println! (Rust ignores SIGPIPE by default).
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(cli::main());
}
