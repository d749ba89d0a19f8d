import Foundation

// The interactive app needs a terminal on both sides: keys in, frames out.
let isTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
exit(
  await NotesDemoCommand(
    arguments: Array(CommandLine.arguments.dropFirst()), isTerminal: isTerminal
  ).run())
