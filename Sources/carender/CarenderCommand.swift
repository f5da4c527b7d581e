import ArgumentParser

@main
struct CarenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carender",
        abstract: "Renders Core Animation scripts to PNG frames, deterministically.",
        discussion: """
            A script is a Swift program that imports CARender, builds a layer tree on a Stage and \
            calls stage.run(). carender compiles it against the CARender library (caching the \
            executable), runs it, and writes frame_00000.png, frame_00001.png, … for the frames \
            0 ..< ceil(duration × fps) at times n / fps.

            carender SCRIPT [--fps N] [-o DIR] [--duration S] [--scale K] [--times T,...]
              --fps N          frames per second (default 60)
              -o, --output DIR folder for the frames, created when missing (default frames)
              --duration S     seconds to render (default: the script's stage.duration)
              --scale K        pixels per point (default: the script's stage.scale)
              --times T,...    render only these times, each to <time>.png (e.g. 0.500.png)
              --frames A:B     render only frames A ..< B of the sequence (split a long render)
              --contact-sheet F  also write all rendered frames as one grid image (--columns N)
              --video F        also encode the frames with ffmpeg (.mp4, .webm, .gif, ...)
              --quiet          no summary line;  --verbose  show the compiler call

            The library is found next to the carender executable, or where CARENDER_HOME \
            points (a build folder such as .build/release). Compiled scripts are cached in \
            $CARENDER_CACHE, $XDG_CACHE_HOME/carender or ~/.cache/carender.
            """,
        subcommands: [RenderCommand.self, EaseCommand.self, BenchCommand.self, GoldenCommand.self],
        defaultSubcommand: RenderCommand.self
    )
}
