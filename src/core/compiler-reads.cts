// What the analysis reads of the compiler, as an object of its own. The compiler's namespace has
// over 2,000 members, so V8 keeps it as a dictionary and every `ts.isIdentifier(…)` of the checks
// is a hash lookup; an object holding only these names stays a fast one, with the namespace behind
// it (its prototype) for anything else: the checks about 5% faster on the bench's tree.
// compiler-loader.cts hands this view out; test/structure.test.ts keeps the list the names src/ reads.

/** The compiler's members src/ reads (`ts.NAME`), in order. */
export const READ = [
  'DiagnosticCategory', 'Extension', 'IndexKind', 'JsxEmit', 'ModuleKind', 'ModuleResolutionKind',
  'NodeFlags', 'ScriptKind', 'ScriptTarget', 'SymbolFlags', 'SyntaxKind', 'TypeFlags',
  'canHaveModifiers', 'createProgram', 'createSourceFile', 'findAncestor', 'forEachChild',
  'getDecorators', 'getJSDocType', 'getLeadingCommentRanges', 'getModifiers',
  'getTrailingCommentRanges', 'isArrayBindingPattern', 'isArrayLiteralExpression',
  'isArrayTypeNode', 'isArrowFunction', 'isAsExpression', 'isAwaitExpression',
  'isBinaryExpression', 'isBindingElement', 'isBlock', 'isCallExpression', 'isCaseClause',
  'isCatchClause', 'isClassDeclaration', 'isClassExpression', 'isClassLike',
  'isClassStaticBlockDeclaration', 'isComputedPropertyName', 'isConditionalExpression', 'isConditionalTypeNode',
  'isConstructorDeclaration', 'isDecorator', 'isDefaultClause', 'isElementAccessExpression',
  'isEnumDeclaration', 'isEnumMember', 'isExportAssignment', 'isExportDeclaration',
  'isExportSpecifier', 'isExpression', 'isExpressionStatement', 'isExpressionWithTypeArguments',
  'isExternalModule', 'isExternalModuleReference', 'isForInStatement', 'isForOfStatement',
  'isForStatement', 'isFunctionDeclaration', 'isFunctionExpression', 'isFunctionLike',
  'isGetAccessorDeclaration', 'isIdentifier', 'isIfStatement', 'isImportClause',
  'isImportDeclaration', 'isImportEqualsDeclaration', 'isImportSpecifier',
  'isIndexedAccessTypeNode', 'isInterfaceDeclaration', 'isIntersectionTypeNode',
  'isJSDocPropertyTag', 'isJSDocSignature', 'isJSDocTypeLiteral', 'isJSDocTypedefTag',
  'isJsxAttribute', 'isJsxExpression', 'isLiteralTypeNode', 'isMappedTypeNode', 'isMetaProperty',
  'isMethodDeclaration', 'isModuleBlock', 'isModuleDeclaration', 'isNamedExports',
  'isNamedImports', 'isNamespaceImport', 'isNewExpression', 'isNoSubstitutionTemplateLiteral',
  'isNonNullExpression', 'isNumericLiteral', 'isObjectBindingPattern', 'isObjectLiteralExpression',
  'isOmittedExpression', 'isOptionalTypeNode', 'isParameter', 'isParameterPropertyDeclaration',
  'isParenthesizedExpression', 'isParenthesizedTypeNode', 'isPostfixUnaryExpression',
  'isPrefixUnaryExpression', 'isPrivateIdentifier', 'isPropertyAccessExpression',
  'isPropertyAssignment', 'isPropertyDeclaration', 'isPropertySignature', 'isQualifiedName',
  'isRegularExpressionLiteral', 'isRestTypeNode', 'isReturnStatement', 'isSatisfiesExpression',
  'isSetAccessorDeclaration', 'isShorthandPropertyAssignment', 'isSourceFile',
  'isSpreadAssignment', 'isSpreadElement', 'isStatement', 'isStringLiteral', 'isStringLiteralLike',
  'isTaggedTemplateExpression', 'isTemplateExpression', 'isTemplateHead',
  'isTemplateLiteralTypeNode', 'isTemplateLiteralTypeSpan', 'isTemplateSpan', 'isTemplateTail',
  'isTupleTypeNode', 'isTypeAliasDeclaration', 'isTypeAssertionExpression', 'isTypeLiteralNode',
  'isTypeNode', 'isTypeOperatorNode', 'isTypeParameterDeclaration', 'isTypeQueryNode',
  'isTypeReferenceNode', 'isUnionTypeNode', 'isVariableDeclaration', 'isVariableDeclarationList',
  'isVariableStatement', 'isVoidExpression', 'resolveModuleName', 'transpileModule',
  'visitEachChild', 'visitNode',
];

/** The compiler seen through an object holding its members in READ (the rest through its prototype, the compiler itself). */
export function readView<T extends object>(compiler: T): T {
  const own = Object.fromEntries(READ.filter((k) => k in compiler).map((k) => [k, (compiler as Record<string, unknown>)[k]]));
  return Object.setPrototypeOf(own, compiler) as T;
}
