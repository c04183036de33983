// The models are the shop's vocabulary: whoever imports the shop speaks them too.
@_exported import StoreModels
