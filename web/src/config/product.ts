export const PRODUCT_NAME = 'Prevue DISC Insights'
