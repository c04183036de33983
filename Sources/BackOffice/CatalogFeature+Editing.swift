import Boundaries
import Shop
import TerminalKit

// The catalog's changes: a product's stock in the editor, a product added or edited in the
// form, archived or restored after a yes. One change at a time: each waits for the store's
// answer before another opens.
extension CatalogFeature {
  func reduceStock(into state: inout State, _ action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case let .editorOpened(mode):
      guard !state.isBusy, let id = state.selectedID, let entry = state.rows[id: id] else { return .none }
      state.failure = nil
      state.editor = StockEditor(entry: entry, mode: mode)
      return .none

    case let .editorEdited(edit):
      state.editor?.edit(edit)
      return .none

    case .editorSubmitted:
      guard var editor = state.editor else { return .none }
      guard let setting = editor.setting() else {
        editor.message = editor.mode == .count ? "A count from 0 to \(StockSetting.maximum)" : "A number of units, such as 12 or -3"
        state.editor = editor
        return .none
      }
      return saveStock(setting, of: editor.productID, &state)

    case .limitLifted:
      guard let editor = state.editor else { return .none }
      return saveStock(.count(nil), of: editor.productID, &state)

    case .editorCancelled:
      state.editor = nil
      return .none

    default:
      return .none
    }
  }

  func reduceProducts(into state: inout State, _ action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case let .formOpened(editing):
      guard !state.isBusy else { return .none }
      state.failure = nil
      if editing {
        guard let id = state.selectedID, let entry = state.rows[id: id] else { return .none }
        state.form = ProductForm(editing: entry.product, categories: state.categories)
      } else {
        state.form = ProductForm(categories: state.categories)
      }
      return .none

    case let .form(input):
      guard let form = state.form, state.isFormEditable else { return .none }
      switch FormReply(to: input, on: form, form: form.form, focus: \.focus, cancel: .cancel) {
      case let .edited(form):
        state.form = form
      case let .submitted(form):
        switch form.submitted() {
        case let .ready(draft):
          // The form stays, with what was typed, until the store has taken it.
          state.form = form
          state.isSaving = true
          let editing = form.editing
          return .run { send in
            await send(
              ._internal(
                .productSaved(
                  await Result {
                    if let editing { try await adminClient.updateProduct(editing, draft) } else { try await adminClient.addProduct(draft) }
                  }
                )
              )
            )
          }
        case let .needsFixing(checked):
          state.form = checked
        }
      case .cancelled:
        state.form = nil
      case .ignored:
        break
      }
      return .none

    case .archiveTapped:
      guard !state.isBusy, let id = state.selectedID, let entry = state.rows[id: id] else { return .none }
      state.failure = nil
      state.pendingArchive = entry
      return .none

    case .archiveConfirmed:
      guard let entry = state.pendingArchive else { return .none }
      state.pendingArchive = nil
      state.isSaving = true
      return .run { send in
        await send(._internal(.archiveSaved(await Result { try await adminClient.setArchived(entry.id, !entry.archived) })))
      }

    case .archiveDismissed:
      state.pendingArchive = nil
      return .none

    default:
      return .none
    }
  }

  private func saveStock(_ setting: StockSetting, of id: Product.ID, _ state: inout State) -> Effect<Action> {
    state.editor = nil
    state.isSaving = true
    return .run { send in
      await send(._internal(.stockSaved(await Result { try await adminClient.setStock(id, setting) })))
    }
  }
}
