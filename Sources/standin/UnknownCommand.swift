import StandInFixtures

/// A first argument that is not an option and names no command (`standin chek`): what to tell the user.
enum UnknownCommand {
    /// A sentence suggesting the nearest command, or listing them all; nil when `arguments` start with an option or
    /// a command (or are empty).
    static func message(for arguments: [String], commands: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) else { return nil }
        if let nearest = Spelling.nearest(to: first, among: commands) {
            return "\(first.debugDescription) is not a command; did you mean \(nearest.debugDescription)?"
        }
        return "\(first.debugDescription) is not a command; the commands are: \(commands.joined(separator: ", "))"
    }
}
