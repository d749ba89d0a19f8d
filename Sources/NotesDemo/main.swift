import Foundation

exit(await NotesDemoCommand(arguments: Array(CommandLine.arguments.dropFirst())).run())
