window.kitchenSearchIndex = {"tomato-soup":"tomato soup \u003cfor two\u003e \u0026 friends · lunch · chopped tomatoes · garlic · stock · basil"};
