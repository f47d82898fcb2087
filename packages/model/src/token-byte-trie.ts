/** A node of the byte trie of a vocabulary: the rules walk it to find the tokens whose bytes continue a text. */
export interface TokenByteTrieNode {
  children: Map<number, TokenByteTrieNode>;
  /** Token ids whose bytes end here. */
  ids: number[];
}

/** An empty trie root. */
export function tokenByteTrieRoot(): TokenByteTrieNode {
  return { children: new Map(), ids: [] };
}

/** Adds token `id` with its `bytes` under `root`. */
export function addTokenBytes(root: TokenByteTrieNode, bytes: ArrayLike<number>, id: number): void {
  let node = root;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    let child = node.children.get(byte);
    if (!child) {
      child = tokenByteTrieRoot();
      node.children.set(byte, child);
    }
    node = child;
  }
  node.ids.push(id);
}
