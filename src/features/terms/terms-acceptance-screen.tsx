/** The forced acceptance screen (spec section 2). */
export function TermsAcceptanceScreen() {
  return <h1>Terms of Service Update Required</h1>;
}
