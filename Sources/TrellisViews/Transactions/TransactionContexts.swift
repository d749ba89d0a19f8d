import TrellisGraph

/// The graph's change contexts (`ChangeContext`) that stand for transactions: one number per
/// distinct transaction used with `withTransaction(_:_:)`, so that the graph can carry a
/// write's transaction to the bodies and computations the write re-runs, and a commit can give
/// each changed element the transaction of the writes that changed it.
///
/// Distinct transactions are few (each is an animation and two flags), so the table is kept
/// for the process's life.
@MainActor
enum TransactionContexts {
  private static var transactions: [Transaction] = []
  private static var contexts: [Transaction: UInt32] = [:]
  /// The context that stands for `transaction`, made on first use; never 0.
  static func context(for transaction: Transaction) -> UInt32 {
    if let context = contexts[transaction] { return context }
    transactions.append(transaction)
    let context = UInt32(transactions.count)
    contexts[transaction] = context
    return context
  }

  /// The transaction `context` stands for: an empty one for 0 (a change no transaction made).
  static func transaction(for context: UInt32) -> Transaction {
    context == 0 ? Transaction() : transactions[Int(context) - 1]
  }
}
