mod cli;

fn main() {
    // `workgroup ... | head` ends quietly when the reader closes the pipe, as Unix tools do,
    // instead of panicking in println! (Rust ignores SIGPIPE by default).
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // println! panics when stdout cannot be written (a full disk, /dev/full): say so in one line
    // and fail, as for any other error, instead of a panic's message and backtrace.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(reason) = message.strip_prefix("failed printing to stdout: ") {
            eprintln!("error: cannot write to stdout: {reason}");
            std::process::exit(1);
        }
        default_hook(info);
    }));
    std::process::exit(cli::main());
}
